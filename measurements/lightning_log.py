"""Does `self.log(...)` / `self.log_dict(...)` of a LightningModule break the graph when the step that calls it is
compiled? Run with a venv that has pytorch_lightning (bench/accuracy/.venv: pytorch-lightning 2.6.6):

    bench/accuracy/.venv/bin/python measurements/lightning_log.py > measurements/lightning-log-2.13.txt

Each case compiles the step and reports the breaks (torch._dynamo.explain) or the error Dynamo raises."""
import tempfile
import warnings

import pytorch_lightning as pl
import torch
from explained import explain_breaks
from pytorch_lightning.loggers import CSVLogger


class Net(pl.LightningModule):
    def __init__(self, how="log"):
        super().__init__()
        self.layer = torch.nn.Linear(4, 1)
        self.how = how

    def step(self, batch, batch_idx=0):
        loss = self.layer(batch).pow(2).mean()
        if self.how == "log":
            self.log("train_loss", loss, on_step=True, prog_bar=True)
        else:
            self.log_dict({"train_loss": loss})
        return loss * 2

    def training_step(self, batch, batch_idx):
        return report(self.step, batch, batch_idx)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


CASE = {"name": ""}


def report(fn, *args):
    print(f"{CASE['name']:58s} {explain_breaks(fn, *args, here=__file__)}")
    return fn(*args)


def fit(net: Net, logger) -> None:
    data = torch.utils.data.DataLoader(torch.randn(4, 4), batch_size=4)
    with tempfile.TemporaryDirectory() as tmp:
        trainer = pl.Trainer(max_steps=1, logger=logger(tmp) if logger else False, enable_progress_bar=False,
                             enable_checkpointing=False, enable_model_summary=False, accelerator="cpu",
                             default_root_dir=tmp)
        trainer.fit(net, data)


if __name__ == "__main__":
    warnings.simplefilter("ignore")
    print(f"# torch {torch.__version__}, pytorch_lightning {pl.__version__}")
    for how in ("log", "log_dict"):
        CASE["name"] = f"self.{how}(...), no Trainer"
        report(Net(how).step, torch.randn(3, 4))
        CASE["name"] = f"self.{how}(...) in training_step, Trainer(logger=False)"
        fit(Net(how), None)
        CASE["name"] = f"self.{how}(...) in training_step, Trainer(logger=CSVLogger)"
        fit(Net(how), lambda tmp: CSVLogger(tmp))
