"""What breaks when compiled code drives PyTorch Lightning: a LightningModule's `self.manual_backward(loss)` (manual
optimization), building a `Trainer`, and calling its `fit` / `test`. Run with a venv that has pytorch_lightning
(bench/accuracy/.venv: pytorch-lightning 2.6.6):

    bench/accuracy/.venv/bin/python measurements/lightning_trainer.py > measurements/lightning-trainer-2.13.txt

Each case compiles one function and reports its breaks (torch._dynamo.explain: the count, and the lines of this file
they are at) or the error Dynamo raises. The manual step is compiled inside a real `Trainer.fit`. From pina-mathlab's
solvers and its `Trainer` subclass (held-out set 49) and pytorch-tabular's `pl.Trainer(...)` / `trainer.fit`
(held-out set 45)."""
import tempfile
import warnings

import pytorch_lightning as pl
import torch
from explained import explain_breaks


OPTIONS = dict(max_epochs=1, logger=False, enable_progress_bar=False, enable_checkpointing=False,
               enable_model_summary=False, accelerator="cpu")


class Net(pl.LightningModule):
    def __init__(self, manual=True):
        super().__init__()
        self.layer = torch.nn.Linear(4, 1)
        self.automatic_optimization = not manual

    def training_step(self, batch, batch_idx):
        if self.automatic_optimization:
            return self.layer(batch).pow(2).mean()
        report("self.manual_backward(loss) under a Trainer", manual_step, self, batch)
        return manual_step(self, batch)

    def test_step(self, batch, batch_idx):
        return self.layer(batch).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def manual_step(net, batch):
    loss = net.layer(batch).pow(2).mean()
    net.manual_backward(loss)
    return loss * 2


def build_trainer(tmp, x):
    trainer = pl.Trainer(default_root_dir=tmp, **OPTIONS)
    return x * 2, trainer


def drive(trainer, method, net, data, x):
    getattr(trainer, method)(net, data)
    return x * 2


def report(name, fn, *args):
    print(f"{name:48s} {explain_breaks(fn, *args, here=__file__)}", flush=True)


def data():
    return torch.utils.data.DataLoader(torch.randn(4, 4), batch_size=4)


if __name__ == "__main__":
    warnings.simplefilter("ignore")
    print(f"# torch {torch.__version__}, pytorch_lightning {pl.__version__}")
    with tempfile.TemporaryDirectory() as tmp:
        pl.Trainer(default_root_dir=tmp, **OPTIONS).fit(Net(), data())
        x = torch.randn(3)
        report("pl.Trainer(...) built in compiled code", build_trainer, tmp, x)
        for method in ("fit", "test"):
            report(f"trainer.{method}(net, data) in compiled code", drive,
                   pl.Trainer(default_root_dir=tmp, **OPTIONS), method, Net(manual=False), data(), x)
