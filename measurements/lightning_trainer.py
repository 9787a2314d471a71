"""Does a LightningModule's `self.manual_backward(loss)` (manual optimization) break the graph when the step that
calls it is compiled? Run with a venv that has pytorch_lightning (bench/accuracy/.venv: pytorch-lightning 2.6.6):

    bench/accuracy/.venv/bin/python measurements/lightning_trainer.py > measurements/lightning-trainer-2.13.txt

The step is compiled inside a real `Trainer.fit` and its breaks on this file's lines are reported
(torch._dynamo.explain). From pina-mathlab's solvers (held-out set 49). Building a `Trainer` or calling its `fit`
inside compiled code was tried too and left out: Dynamo traced Lightning for over ten minutes without finishing."""
import tempfile
import warnings

import pytorch_lightning as pl
import torch
from explained import explain_breaks


class Net(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(4, 1)
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        print(f"{'self.manual_backward(loss) under a Trainer':48s} {explain_breaks(manual_step, self, batch, here=__file__)}")
        return manual_step(self, batch)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def manual_step(net, batch):
    loss = net.layer(batch).pow(2).mean()
    net.manual_backward(loss)
    return loss * 2


if __name__ == "__main__":
    warnings.simplefilter("ignore")
    print(f"# torch {torch.__version__}, pytorch_lightning {pl.__version__}")
    with tempfile.TemporaryDirectory() as tmp:
        trainer = pl.Trainer(max_epochs=1, logger=False, enable_progress_bar=False, enable_checkpointing=False,
                             enable_model_summary=False, accelerator="cpu", default_root_dir=tmp)
        trainer.fit(Net(), torch.utils.data.DataLoader(torch.randn(4, 4), batch_size=4))
