"""Entry points of the graphlint accuracy benchmark.

Each entry point builds a small model / metric / module / functional call from a tiny config
(no weights, no data sets are downloaded) and returns ``(callable, args)`` or
``(callable, args, kwargs)``. collect.py runs the callable eagerly (line coverage) and under
torch.compile (graph breaks). The builder runs seeded (torch.manual_seed(0)); keep inputs small so
one entry point compiles in seconds on a CPU.

Register with ``@entry("package-dist-name", "what it exercises")``; the entry point's name is
``<package>.<function name>``.
"""
from __future__ import annotations

import dataclasses
import importlib.util
import os
from typing import Callable

import torch

# distribution name -> import directories that belong to it (all are scanned by the linter and
# count as "package code" when attributing a break to its deepest frame)
#
# split: "dev" packages were looked at while graphlint was being tuned (their false negatives and
# false positives drove rule changes), so their scores are optimistic. "heldout" packages were chosen
# and measured only after that tuning stopped (see README.md) and must not be used to tune the linter.
PACKAGES: dict[str, dict] = {
    "torchmetrics": {"dirs": ["torchmetrics"], "split": "dev"},
    "kornia": {"dirs": ["kornia"], "split": "dev"},
    "pyro-ppl": {"dirs": ["pyro"], "split": "dev"},
    "x-transformers": {"dirs": ["x_transformers"], "split": "dev"},
    "gpytorch": {"dirs": ["gpytorch"], "split": "dev"},
    "linear-operator": {"dirs": ["linear_operator"], "split": "dev"},
    # ---- held out in the first measurement (2026-11-21); moved to dev on 2026-11-21 because their
    # FN/FP lists had been read (see README.md, "Held-out set 2")
    "torch-geometric": {"dirs": ["torch_geometric"], "split": "dev"},
    "vector-quantize-pytorch": {"dirs": ["vector_quantize_pytorch"], "split": "dev"},
    "torchdiffeq": {"dirs": ["torchdiffeq"], "split": "dev"},
    "zuko": {"dirs": ["zuko"], "split": "dev"},
    "torchsde": {"dirs": ["torchsde"], "split": "dev"},
    # ---- added 2026-11-21 as a dev package (model code: tiny configs, random weights, no downloads)
    "transformers": {"dirs": ["transformers"], "split": "dev"},
    # ---- held-out set 2 (chosen 2026-11-21); moved to dev on 2026-11-21 (second session) because
    # their FN/FP lists were then read to tune graphlint (see README.md, "Held-out set 2")
    "diffusers": {"dirs": ["diffusers"], "split": "dev"},
    "monai": {"dirs": ["monai"], "split": "dev"},
    "e3nn": {"dirs": ["e3nn"], "split": "dev"},
    "pytorch-metric-learning": {"dirs": ["pytorch_metric_learning"], "split": "dev"},
    # ---- held-out set 3 (chosen 2026-11-21 by a helper blind to graphlint); dev since its first measurement (FN/FP lists read)
    "auraloss": {"dirs": ["auraloss"], "split": "dev"},
    "torch-optimizer": {"dirs": ["torch_optimizer"], "split": "dev"},
    "pytorch-crf": {"dirs": ["torchcrf"], "split": "dev"},
    "pytorch-tabnet": {"dirs": ["pytorch_tabnet"], "split": "dev"},
    "mambapy": {"dirs": ["mambapy"], "split": "dev"},
}
SPLITS = ("dev", "heldout")


def split_of(package: str) -> str:
    return PACKAGES[package].get("split", "dev")


def package_roots() -> dict[str, tuple[str, str]]:
    """{absolute import dir: (distribution, site-packages dir)} without importing the packages."""
    out = {}
    for dist, info in PACKAGES.items():
        for d in info["dirs"]:
            spec = importlib.util.find_spec(d)
            if spec is None or not spec.submodule_search_locations:
                continue
            p = os.path.realpath(list(spec.submodule_search_locations)[0])
            out[p] = (dist, os.path.dirname(p))
    return out


@dataclasses.dataclass
class EntryPoint:
    name: str
    package: str
    description: str
    fn: Callable
    calls: int = 2  # how many times the callable is invoked (eager and compiled)

    @property
    def split(self) -> str:
        return split_of(self.package)


REGISTRY: dict[str, EntryPoint] = {}


def entry(package: str, description: str, calls: int = 2):
    def deco(fn):
        short = {"pyro-ppl": "pyro", "x-transformers": "x_transformers",
                 "linear-operator": "linear_operator"}.get(package, PACKAGES[package]["dirs"][0])
        name = f"{short}.{fn.__name__}"
        if name in REGISTRY:
            raise ValueError(f"duplicate entry point {name}")
        REGISTRY[name] = EntryPoint(name, package, description, fn, calls)
        return fn
    return deco


def _cls_data(n=32, c=4):
    preds = torch.randn(n, c).softmax(-1)
    target = torch.randint(0, c, (n,))
    return preds, target


def _img(b=1, c=3, h=32, w=32):
    return torch.rand(b, c, h, w)


# =============================================================== torchmetrics ==
@entry("torchmetrics", "functional multiclass_accuracy (macro)")
def multiclass_accuracy_fn():
    from torchmetrics.functional.classification import multiclass_accuracy
    p, t = _cls_data()
    return multiclass_accuracy, (p, t), {"num_classes": 4, "average": "macro"}


@entry("torchmetrics", "functional binary_accuracy with validation")
def binary_accuracy_fn():
    from torchmetrics.functional.classification import binary_accuracy
    return binary_accuracy, (torch.rand(64), torch.randint(0, 2, (64,)))


@entry("torchmetrics", "functional binary_auroc (thresholds=None: data-dependent curve)")
def binary_auroc_fn():
    from torchmetrics.functional.classification import binary_auroc
    return binary_auroc, (torch.rand(64), torch.randint(0, 2, (64,)))


@entry("torchmetrics", "functional multiclass_confusion_matrix")
def multiclass_confmat_fn():
    from torchmetrics.functional.classification import multiclass_confusion_matrix
    p, t = _cls_data()
    return multiclass_confusion_matrix, (p, t), {"num_classes": 4}


@entry("torchmetrics", "functional binary_precision_recall_curve with fixed thresholds")
def binary_pr_curve_fn():
    from torchmetrics.functional.classification import binary_precision_recall_curve
    return binary_precision_recall_curve, (torch.rand(64), torch.randint(0, 2, (64,))), {"thresholds": 11}


@entry("torchmetrics", "functional multiclass_average_precision")
def multiclass_ap_fn():
    from torchmetrics.functional.classification import multiclass_average_precision
    p, t = _cls_data()
    return multiclass_average_precision, (p, t), {"num_classes": 4}


@entry("torchmetrics", "functional binary_calibration_error")
def binary_calibration_fn():
    from torchmetrics.functional.classification import binary_calibration_error
    return binary_calibration_error, (torch.rand(64), torch.randint(0, 2, (64,)))


@entry("torchmetrics", "functional multiclass_matthews_corrcoef")
def matthews_fn():
    from torchmetrics.functional.classification import multiclass_matthews_corrcoef
    p, t = _cls_data()
    return multiclass_matthews_corrcoef, (p, t), {"num_classes": 4}


@entry("torchmetrics", "functional pearson_corrcoef")
def pearson_fn():
    from torchmetrics.functional import pearson_corrcoef
    return pearson_corrcoef, (torch.randn(32), torch.randn(32))


@entry("torchmetrics", "functional spearman_corrcoef (ranking)")
def spearman_fn():
    from torchmetrics.functional import spearman_corrcoef
    return spearman_corrcoef, (torch.randn(32), torch.randn(32))


@entry("torchmetrics", "functional r2_score")
def r2_fn():
    from torchmetrics.functional import r2_score
    return r2_score, (torch.randn(32), torch.randn(32))


@entry("torchmetrics", "functional kendall_rank_corrcoef")
def kendall_fn():
    from torchmetrics.functional import kendall_rank_corrcoef
    return kendall_rank_corrcoef, (torch.randn(32), torch.randn(32))


@entry("torchmetrics", "functional structural_similarity_index_measure")
def ssim_fn():
    from torchmetrics.functional.image import structural_similarity_index_measure
    return structural_similarity_index_measure, (_img(), _img()), {"data_range": 1.0}


@entry("torchmetrics", "functional retrieval_normalized_dcg")
def ndcg_fn():
    from torchmetrics.functional.retrieval import retrieval_normalized_dcg
    return retrieval_normalized_dcg, (torch.rand(20), torch.randint(0, 2, (20,)))


@entry("torchmetrics", "functional mutual_info_score (clustering)")
def mutual_info_fn():
    from torchmetrics.functional.clustering import mutual_info_score
    return mutual_info_score, (torch.randint(0, 4, (40,)), torch.randint(0, 4, (40,)))


@entry("torchmetrics", "MulticlassAccuracy.update (module state update)")
def multiclass_accuracy_update():
    from torchmetrics.classification import MulticlassAccuracy
    m = MulticlassAccuracy(num_classes=4)
    p, t = _cls_data()
    return m.update, (p, t)


@entry("torchmetrics", "MeanMetric.update (nan handling)")
def mean_metric_update():
    from torchmetrics.aggregation import MeanMetric
    m = MeanMetric()
    return m.update, (torch.randn(16),)


@entry("torchmetrics", "BinaryAUROC.update + compute")
def binary_auroc_update_compute():
    from torchmetrics.classification import BinaryAUROC
    m = BinaryAUROC(thresholds=None)

    def step(p, t):
        m.update(p, t)
        return m.compute()
    return step, (torch.rand(64), torch.randint(0, 2, (64,)))


@entry("torchmetrics", "MeanSquaredError forward (update + compute via Metric.forward)")
def mse_module_forward():
    from torchmetrics.regression import MeanSquaredError
    m = MeanSquaredError()
    return m, (torch.randn(32), torch.randn(32))


@entry("torchmetrics", "PearsonCorrCoef.update + compute")
def pearson_update_compute():
    from torchmetrics.regression import PearsonCorrCoef
    m = PearsonCorrCoef()

    def step(p, t):
        m.update(p, t)
        return m.compute()
    return step, (torch.randn(32), torch.randn(32))


@entry("torchmetrics", "MulticlassAUROC update + compute")
def multiclass_auroc_update_compute():
    from torchmetrics.classification import MulticlassAUROC
    m = MulticlassAUROC(num_classes=4, thresholds=None)

    def step(p, t):
        m.update(p, t)
        return m.compute()
    p, t = _cls_data()
    return step, (p, t)


@entry("torchmetrics", "functional cramers_v (nominal)")
def cramers_v_fn():
    from torchmetrics.functional.nominal import cramers_v
    return cramers_v, (torch.randint(0, 3, (40,)), torch.randint(0, 3, (40,)))


@entry("torchmetrics", "functional multilabel_ranking_average_precision")
def multilabel_ranking_ap_fn():
    from torchmetrics.functional.classification import multilabel_ranking_average_precision
    return multilabel_ranking_average_precision, (torch.rand(16, 5), torch.randint(0, 2, (16, 5))), {"num_labels": 5}


@entry("torchmetrics", "functional concordance_corrcoef + tweedie_deviance_score")
def concordance_tweedie_fn():
    from torchmetrics.functional import concordance_corrcoef, tweedie_deviance_score

    def f(p, t):
        return concordance_corrcoef(p, t), tweedie_deviance_score(p.abs() + 0.1, t.abs() + 0.1, power=1.5)
    return f, (torch.randn(32), torch.randn(32))


@entry("torchmetrics", "functional binary_fairness (groups)")
def binary_fairness_fn():
    from torchmetrics.functional.classification import binary_fairness
    return binary_fairness, (torch.rand(40), torch.randint(0, 2, (40,)), torch.randint(0, 2, (40,)))


@entry("torchmetrics", "segmentation DiceScore update + compute")
def dice_score_update_compute():
    from torchmetrics.segmentation import DiceScore
    m = DiceScore(num_classes=3, input_format="index")

    def step(p, t):
        m.update(p, t)
        return m.compute()
    return step, (torch.randint(0, 3, (2, 8, 8)), torch.randint(0, 3, (2, 8, 8)))


@entry("torchmetrics", "functional calinski_harabasz_score (clustering)")
def calinski_fn():
    from torchmetrics.functional.clustering import calinski_harabasz_score
    return calinski_harabasz_score, (torch.randn(40, 3), torch.randint(0, 3, (40,)))


@entry("torchmetrics", "functional binary_roc with only negative targets (warning path)")
def binary_roc_no_positives():
    from torchmetrics.functional.classification import binary_roc
    return binary_roc, (torch.rand(32), torch.zeros(32, dtype=torch.long))


@entry("torchmetrics", "functional pearson_corrcoef on a constant input (warning path)")
def pearson_constant_warn():
    from torchmetrics.functional import pearson_corrcoef
    return pearson_corrcoef, (torch.ones(32), torch.randn(32))


@entry("torchmetrics", "MeanMetric(nan_strategy='warn').update with NaNs")
def mean_metric_nan_warn():
    from torchmetrics.aggregation import MeanMetric
    m = MeanMetric(nan_strategy="warn")
    x = torch.randn(16)
    x[3] = float("nan")
    return m.update, (x,)


@entry("torchmetrics", "RetrievalMRR update + compute (grouped by query indexes)")
def retrieval_mrr_update_compute():
    from torchmetrics.retrieval import RetrievalMRR
    m = RetrievalMRR()

    def step(p, t, idx):
        m.update(p, t, indexes=idx)
        return m.compute()
    return step, (torch.rand(24), torch.randint(0, 2, (24,)), torch.arange(24) // 6)


# ===================================================================== kornia ==
@entry("kornia", "filters.gaussian_blur2d")
def gaussian_blur():
    import kornia
    return kornia.filters.gaussian_blur2d, (_img(),), {"kernel_size": (5, 5), "sigma": (1.5, 1.5)}


@entry("kornia", "filters.canny edge detector")
def canny():
    import kornia
    return kornia.filters.canny, (_img(),)


@entry("kornia", "color.rgb_to_lab")
def color_lab():
    import kornia
    return kornia.color.rgb_to_lab, (_img(),)


@entry("kornia", "geometry.transform.warp_perspective")
def warp_perspective():
    import kornia
    M = torch.eye(3).unsqueeze(0)
    M[0, 0, 2] = 2.0
    return kornia.geometry.transform.warp_perspective, (_img(), M, (32, 32))


@entry("kornia", "augmentation.RandomAffine forward")
def random_affine():
    import kornia.augmentation as K
    return K.RandomAffine(degrees=15.0, p=1.0), (_img(2),)


@entry("kornia", "augmentation.ColorJitter forward")
def color_jitter():
    import kornia.augmentation as K
    return K.ColorJitter(0.2, 0.2, 0.2, 0.1, p=1.0), (_img(2),)


@entry("kornia", "augmentation.AugmentationSequential(flip, crop, normalize)")
def aug_sequential():
    import kornia.augmentation as K
    seq = K.AugmentationSequential(
        K.RandomHorizontalFlip(p=0.5),
        K.RandomResizedCrop((24, 24), p=1.0),
        K.Normalize(mean=torch.tensor([0.5, 0.5, 0.5]), std=torch.tensor([0.2, 0.2, 0.2])),
    )
    return seq, (_img(2),)


@entry("kornia", "losses.focal_loss")
def focal_loss():
    import kornia
    logits = torch.randn(4, 5, 8, 8)
    target = torch.randint(0, 5, (4, 8, 8))
    return kornia.losses.focal_loss, (logits, target), {"alpha": 0.5, "gamma": 2.0, "reduction": "mean"}


@entry("kornia", "enhance.equalize (histogram equalisation)")
def equalize():
    import kornia
    return kornia.enhance.equalize, (_img(),)


@entry("kornia", "geometry.transform.crop_by_boxes")
def crop_by_boxes():
    import kornia
    boxes = torch.tensor([[[4.0, 4.0], [19.0, 4.0], [19.0, 19.0], [4.0, 19.0]]])
    return kornia.geometry.transform.crop_by_boxes, (_img(), boxes, boxes - 4.0)


@entry("kornia", "augmentation.RandomCrop with padding")
def random_crop_padding():
    import kornia.augmentation as K
    return K.RandomCrop((24, 24), padding=2, p=1.0), (_img(2),)


@entry("kornia", "augmentation.RandomCutMixV2")
def random_cutmix():
    import kornia.augmentation as K
    return K.RandomCutMixV2(data_keys=["input", "class"]), (_img(2), torch.tensor([0, 1]))


@entry("kornia", "augmentation.RandomRain")
def random_rain():
    import kornia.augmentation as K
    return K.RandomRain(p=1.0, drop_height=(2, 4), drop_width=(1, 2), number_of_drops=(5, 10)), (_img(2),)


@entry("kornia", "contrib.histogram_matching")
def histogram_matching():
    import kornia
    return kornia.contrib.histogram_matching, (torch.rand(1, 16, 16), torch.rand(1, 16, 16))


@entry("kornia", "geometry.RANSAC homography (few iterations)", calls=1)
def ransac_homography():
    import kornia
    r = kornia.geometry.RANSAC("homography", max_iter=4)
    kp1 = torch.rand(20, 2) * 32
    H = torch.tensor([[1.0, 0.1, 2.0], [0.0, 1.0, 1.0], [0.0, 0.0, 1.0]])
    kp2 = kornia.geometry.transform_points(H[None], kp1[None])[0]
    return r, (kp1, kp2)


@entry("kornia", "image.print_image (ASCII rendering of a tensor image)")
def print_image():
    from kornia.image.image_print import print_image
    return print_image, (_img(1, 3, 8, 8)[0],), {"max_width": 8}


# ================================================================== pyro-ppl ==
@entry("pyro-ppl", "distributions.ZeroInflatedPoisson log_prob")
def pyro_zip_logprob():
    import pyro.distributions as dist

    def f(rate, x):
        return dist.ZeroInflatedPoisson(rate, gate=torch.tensor(0.2)).log_prob(x).sum()
    return f, (torch.rand(8) + 0.5, torch.randint(0, 4, (8,)).float())


@entry("pyro-ppl", "distributions.VonMises sample (rejection sampling)")
def pyro_vonmises_sample():
    import pyro.distributions as dist

    def f(loc):
        return dist.VonMises(loc, torch.tensor(2.0)).sample()
    return f, (torch.zeros(8),)


@entry("pyro-ppl", "Trace_ELBO loss of a tiny model/guide")
def pyro_trace_elbo():
    import pyro
    import pyro.distributions as dist
    from pyro.infer import Trace_ELBO

    pyro.clear_param_store()
    data = torch.randn(10) + 1.0

    def model(x):
        mu = pyro.sample("mu", dist.Normal(0.0, 1.0))
        with pyro.plate("data", x.shape[0]):
            pyro.sample("obs", dist.Normal(mu, 1.0), obs=x)

    def guide(x):
        m = pyro.param("m", torch.tensor(0.0))
        pyro.sample("mu", dist.Normal(m, 1.0))

    elbo = Trace_ELBO()

    def f(x):
        return elbo.differentiable_loss(model, guide, x)
    return f, (data,)


@entry("pyro-ppl", "transforms.affine_autoregressive forward + log_abs_det_jacobian")
def pyro_iaf():
    import pyro.distributions.transforms as T
    t = T.affine_autoregressive(4, hidden_dims=[16])

    def f(x):
        y = t(x)
        return y, t.log_abs_det_jacobian(x, y)
    return f, (torch.randn(8, 4),)


@entry("pyro-ppl", "transforms.Spline forward (rational quadratic)")
def pyro_spline():
    import pyro.distributions.transforms as T
    t = T.Spline(3, count_bins=4)
    return t, (torch.randn(8, 3),)


@entry("pyro-ppl", "ops.stats.effective_sample_size + autocorrelation")
def pyro_ess():
    from pyro.ops.stats import effective_sample_size
    return effective_sample_size, (torch.randn(2, 64, 3),), {"chain_dim": 0, "sample_dim": 1}


@entry("pyro-ppl", "distributions.MultivariateStudentT rsample + log_prob")
def pyro_mvt():
    import pyro.distributions as dist

    def f(loc):
        d = dist.MultivariateStudentT(torch.tensor(4.0), loc, torch.eye(3))
        x = d.rsample()
        return d.log_prob(x)
    return f, (torch.zeros(3),)


@entry("pyro-ppl", "infer.autoguide.AutoNormal + Trace_ELBO")
def pyro_autonormal_elbo():
    import pyro
    import pyro.distributions as dist
    from pyro.infer import Trace_ELBO
    from pyro.infer.autoguide import AutoNormal

    pyro.clear_param_store()

    def model(x):
        w = pyro.sample("w", dist.Normal(torch.zeros(2), 1.0).to_event(1))
        s = pyro.sample("s", dist.LogNormal(0.0, 1.0))
        with pyro.plate("data", x.shape[0]):
            pyro.sample("obs", dist.Normal(x @ w, s), obs=x.sum(-1))

    guide = AutoNormal(model)
    x = torch.randn(10, 2)
    guide(x)  # initialise params outside the compiled region
    elbo = Trace_ELBO()

    def f(x):
        return elbo.differentiable_loss(model, guide, x)
    return f, (x,)


@entry("pyro-ppl", "poutine.trace(model).get_trace + log_prob_sum")
def pyro_poutine_trace():
    import pyro
    import pyro.distributions as dist
    from pyro import poutine

    def model(x):
        mu = pyro.sample("mu", dist.Normal(0.0, 1.0))
        with pyro.plate("data", x.shape[0]):
            pyro.sample("obs", dist.Normal(mu, 1.0), obs=x)

    def f(x):
        return poutine.trace(model).get_trace(x).log_prob_sum()
    return f, (torch.randn(10),)


@entry("pyro-ppl", "distributions.ProjectedNormal + SineBivariateVonMises log_prob")
def pyro_directional():
    import pyro.distributions as dist

    def f(c, phi, psi):
        a = dist.ProjectedNormal(c).log_prob(c / c.norm(dim=-1, keepdim=True))
        b = dist.SineBivariateVonMises(phi_loc=phi, psi_loc=psi, phi_concentration=torch.tensor(2.0),
                                       psi_concentration=torch.tensor(2.0), correlation=torch.tensor(0.5))
        return a.sum() + b.log_prob(torch.stack([phi, psi], -1)).sum()
    return f, (torch.randn(4, 3), torch.zeros(4), torch.zeros(4))


@entry("pyro-ppl", "infer.mcmc.util.print_summary of posterior samples (diagnostics table)")
def pyro_print_summary():
    from pyro.infer.mcmc.util import print_summary
    return print_summary, ({"a": torch.randn(2, 50), "b": torch.randn(2, 50, 2)},)


# ============================================================ x-transformers ==
@entry("x-transformers", "TransformerWrapper(Decoder) forward, rotary")
def xt_decoder():
    from x_transformers import Decoder, TransformerWrapper
    m = TransformerWrapper(num_tokens=64, max_seq_len=32,
                           attn_layers=Decoder(dim=32, depth=2, heads=2, rotary_pos_emb=True)).eval()
    return m, (torch.randint(0, 64, (2, 16)),)


@entry("x-transformers", "TransformerWrapper(Encoder) forward with mask, alibi")
def xt_encoder_mask():
    from x_transformers import Encoder, TransformerWrapper
    m = TransformerWrapper(num_tokens=64, max_seq_len=32,
                           attn_layers=Encoder(dim=32, depth=2, heads=2, alibi_pos_bias=True)).eval()
    mask = torch.ones(2, 16, dtype=torch.bool)
    mask[1, 10:] = False
    return m, (torch.randint(0, 64, (2, 16)),), {"mask": mask}


@entry("x-transformers", "AutoregressiveWrapper.generate (4 tokens, top-k)", calls=1)
def xt_generate():
    from x_transformers import AutoregressiveWrapper, Decoder, TransformerWrapper
    m = AutoregressiveWrapper(TransformerWrapper(num_tokens=64, max_seq_len=32,
                                                 attn_layers=Decoder(dim=32, depth=1, heads=2))).eval()

    def f(prompt):
        return m.generate(prompt, 4)
    return f, (torch.randint(0, 64, (2, 4)),)


@entry("x-transformers", "ViTransformerWrapper forward")
def xt_vit():
    from x_transformers import Encoder, ViTransformerWrapper
    m = ViTransformerWrapper(image_size=32, patch_size=8, num_classes=5,
                             attn_layers=Encoder(dim=32, depth=1, heads=2)).eval()
    return m, (torch.randn(2, 3, 32, 32),)


@entry("x-transformers", "EntropyBasedTokenizer forward (segmented sequence)", calls=1)
def xt_entropy_tokenizer():
    from x_transformers import Decoder, TransformerWrapper
    from x_transformers.entropy_based_tokenizer import EntropyBasedTokenizer
    dec = TransformerWrapper(num_tokens=64, max_seq_len=32, attn_layers=Decoder(dim=32, depth=1, heads=2))
    tok = EntropyBasedTokenizer(dec, entropy_threshold=2.5)

    def f(seq):
        return tok(seq, return_segmented_seq=True)
    return f, (torch.randint(0, 64, (2, 16)),)


@entry("x-transformers", "NonAutoregressiveWrapper forward (masked diffusion loss)")
def xt_nonautoregressive_loss():
    from x_transformers import Encoder, NonAutoregressiveWrapper, TransformerWrapper
    net = TransformerWrapper(num_tokens=65, max_seq_len=16, attn_layers=Encoder(dim=32, depth=1, heads=2))
    m = NonAutoregressiveWrapper(net, mask_id=64, steps=2)
    return m, (torch.randint(0, 64, (2, 16)),)


@entry("x-transformers", "NonAutoregressiveWrapper.generate (2 steps)", calls=1)
def xt_nonautoregressive_generate():
    from x_transformers import Encoder, NonAutoregressiveWrapper, TransformerWrapper
    net = TransformerWrapper(num_tokens=65, max_seq_len=16, attn_layers=Encoder(dim=32, depth=1, heads=2))
    m = NonAutoregressiveWrapper(net, mask_id=64, steps=2).eval()

    def f():
        return m.generate(batch_size=2)
    return f, ()


@entry("x-transformers", "ContinuousAutoregressiveWrapper forward with rollout_steps=2")
def xt_continuous_rollout():
    from x_transformers import ContinuousAutoregressiveWrapper, ContinuousTransformerWrapper, Decoder
    net = ContinuousTransformerWrapper(dim_in=4, dim_out=4, max_seq_len=32,
                                       attn_layers=Decoder(dim=32, depth=1, heads=2))
    m = ContinuousAutoregressiveWrapper(net)

    def f(x):
        return m(x, rollout_steps=2)
    return f, (torch.randn(2, 12, 4),)


@entry("x-transformers", "BeliefStateWrapper forward")
def xt_belief_state():
    from x_transformers import BeliefStateWrapper, Decoder, TransformerWrapper
    fwd = TransformerWrapper(num_tokens=64, max_seq_len=16, attn_layers=Decoder(dim=32, depth=1, heads=2))
    bwd = TransformerWrapper(num_tokens=64, max_seq_len=16, attn_layers=Decoder(dim=32, depth=1, heads=2))
    m = BeliefStateWrapper(forward_decoder=fwd, backward_decoder=bwd)
    return m, (torch.randint(0, 64, (2, 12)),)


# ================================================================== gpytorch ==
def _gp_data(n=20):
    x = torch.linspace(0, 1, n).unsqueeze(-1)
    y = torch.sin(6 * x).squeeze(-1) + 0.1 * torch.randn(n)
    return x, y


@entry("gpytorch", "ExactGP (RBF) marginal log likelihood")
def gp_exact_mll():
    import gpytorch

    class GP(gpytorch.models.ExactGP):
        def __init__(self, x, y, lik):
            super().__init__(x, y, lik)
            self.mean_module = gpytorch.means.ConstantMean()
            self.covar_module = gpytorch.kernels.ScaleKernel(gpytorch.kernels.RBFKernel())

        def forward(self, x):
            return gpytorch.distributions.MultivariateNormal(self.mean_module(x), self.covar_module(x))

    x, y = _gp_data()
    lik = gpytorch.likelihoods.GaussianLikelihood()
    model = GP(x, y, lik)
    model.train()
    mll = gpytorch.mlls.ExactMarginalLogLikelihood(lik, model)

    def f(x, y):
        return -mll(model(x), y)
    return f, (x, y)


@entry("gpytorch", "ExactGP (Matern) posterior predictive in eval mode")
def gp_exact_predict():
    import gpytorch

    class GP(gpytorch.models.ExactGP):
        def __init__(self, x, y, lik):
            super().__init__(x, y, lik)
            self.mean_module = gpytorch.means.ZeroMean()
            self.covar_module = gpytorch.kernels.MaternKernel(nu=2.5)

        def forward(self, x):
            return gpytorch.distributions.MultivariateNormal(self.mean_module(x), self.covar_module(x))

    x, y = _gp_data()
    lik = gpytorch.likelihoods.GaussianLikelihood()
    model = GP(x, y, lik).eval()
    lik.eval()

    def f(xt):
        with gpytorch.settings.fast_pred_var(False):
            p = lik(model(xt))
            return p.mean, p.variance
    return f, (torch.linspace(0, 1, 7).unsqueeze(-1),)


@entry("gpytorch", "kernels: RBF + Periodic dense kernel matrix")
def gp_kernels_dense():
    import gpytorch
    k = gpytorch.kernels.RBFKernel() + gpytorch.kernels.PeriodicKernel()

    def f(x):
        return k(x).to_dense()
    return f, (torch.randn(10, 2),)


@entry("gpytorch", "ApproximateGP with VariationalStrategy + VariationalELBO")
def gp_variational_elbo():
    import gpytorch

    class SVGP(gpytorch.models.ApproximateGP):
        def __init__(self, z):
            vd = gpytorch.variational.CholeskyVariationalDistribution(z.size(0))
            vs = gpytorch.variational.VariationalStrategy(self, z, vd, learn_inducing_locations=True)
            super().__init__(vs)
            self.mean_module = gpytorch.means.ConstantMean()
            self.covar_module = gpytorch.kernels.ScaleKernel(gpytorch.kernels.RBFKernel())

        def forward(self, x):
            return gpytorch.distributions.MultivariateNormal(self.mean_module(x), self.covar_module(x))

    x, y = _gp_data(30)
    model = SVGP(x[:6].clone())
    lik = gpytorch.likelihoods.GaussianLikelihood()
    mll = gpytorch.mlls.VariationalELBO(lik, model, num_data=30)

    def f(x, y):
        return -mll(model(x), y)
    return f, (x, y)


@entry("gpytorch", "GaussianLikelihood marginal of a MultivariateNormal")
def gp_likelihood_marginal():
    import gpytorch
    lik = gpytorch.likelihoods.GaussianLikelihood()

    def f(mean, x):
        cov = gpytorch.kernels.RBFKernel()(x)
        mvn = gpytorch.distributions.MultivariateNormal(mean, cov)
        return lik(mvn).log_prob(torch.zeros_like(mean))
    return f, (torch.zeros(10), torch.randn(10, 1))


@entry("linear-operator", "CG solve via linear_operator.solve (large enough for CG)")
def linop_cg_solve():
    import linear_operator
    from linear_operator.operators import DenseLinearOperator
    a = torch.randn(40, 40)
    A = a @ a.T + 40 * torch.eye(40)

    def f(A, b):
        with linear_operator.settings.max_cholesky_size(0):
            return DenseLinearOperator(A).solve(b)
    return f, (A, torch.randn(40, 2))


@entry("linear-operator", "psd_safe_cholesky + root decomposition")
def linop_cholesky():
    from linear_operator.utils.cholesky import psd_safe_cholesky
    a = torch.randn(8, 8)
    return psd_safe_cholesky, (a @ a.T + torch.eye(8),)


@entry("gpytorch", "MultitaskGP (IndexKernel via MultitaskKernel) MLL")
def gp_multitask_mll():
    import gpytorch

    class MTGP(gpytorch.models.ExactGP):
        def __init__(self, x, y, lik):
            super().__init__(x, y, lik)
            self.mean_module = gpytorch.means.MultitaskMean(gpytorch.means.ConstantMean(), num_tasks=2)
            self.covar_module = gpytorch.kernels.MultitaskKernel(gpytorch.kernels.RBFKernel(), num_tasks=2, rank=1)

        def forward(self, x):
            return gpytorch.distributions.MultitaskMultivariateNormal(self.mean_module(x), self.covar_module(x))

    x, y = _gp_data(12)
    y2 = torch.stack([y, -y], -1)
    lik = gpytorch.likelihoods.MultitaskGaussianLikelihood(num_tasks=2)
    model = MTGP(x, y2, lik)
    mll = gpytorch.mlls.ExactMarginalLogLikelihood(lik, model)

    def f(x, y):
        return -mll(model(x), y)
    return f, (x, y2)


@entry("gpytorch", "BernoulliLikelihood expected_log_prob (Gauss-Hermite quadrature)")
def gp_bernoulli_quadrature():
    import gpytorch
    lik = gpytorch.likelihoods.BernoulliLikelihood()

    def f(mean, y):
        mvn = gpytorch.distributions.MultivariateNormal(mean, torch.eye(mean.shape[-1]) * 0.5)
        return lik.expected_log_prob(y, mvn).sum()
    return f, (torch.randn(8), torch.randint(0, 2, (8,)).float())


@entry("linear-operator", "inv_quad_logdet with Lanczos (stochastic)")
def linop_inv_quad_logdet():
    import linear_operator
    from linear_operator.operators import DenseLinearOperator
    a = torch.randn(30, 30)
    A = a @ a.T + 30 * torch.eye(30)

    def f(A, b):
        with linear_operator.settings.max_cholesky_size(0):
            return DenseLinearOperator(A).inv_quad_logdet(b, logdet=True)
    return f, (A, torch.randn(30, 1))


@entry("linear-operator", "KroneckerProductLinearOperator solve + diagonal")
def linop_kronecker():
    from linear_operator.operators import KroneckerProductLinearOperator, to_linear_operator
    a = torch.randn(4, 4)
    b = torch.randn(3, 3)
    A = a @ a.T + torch.eye(4)
    B = b @ b.T + torch.eye(3)

    def f(A, B, r):
        K = KroneckerProductLinearOperator(to_linear_operator(A), to_linear_operator(B))
        return K.solve(r), K.diagonal()
    return f, (A, B, torch.randn(12, 2))


@entry("linear-operator", "psd_safe_cholesky on a singular matrix (jitter + NumericalWarning)")
def linop_cholesky_jitter():
    from linear_operator.utils.cholesky import psd_safe_cholesky
    a = torch.randn(8, 3, dtype=torch.float64)
    return psd_safe_cholesky, (a @ a.T,)


@entry("gpytorch", "ExactGP in eval mode called on its training inputs (GPInputWarning path)")
def gp_eval_on_train_inputs():
    import gpytorch

    class GP(gpytorch.models.ExactGP):
        def __init__(self, x, y, lik):
            super().__init__(x, y, lik)
            self.mean_module = gpytorch.means.ConstantMean()
            self.covar_module = gpytorch.kernels.RBFKernel()

        def forward(self, x):
            return gpytorch.distributions.MultivariateNormal(self.mean_module(x), self.covar_module(x))

    x, y = _gp_data(10)
    lik = gpytorch.likelihoods.GaussianLikelihood()
    model = GP(x, y, lik).eval()

    def f(x):
        return model(x).mean
    return f, (x,)


# #################################################################################################
# HELD-OUT SPLIT (torch-geometric, vector-quantize-pytorch, torchdiffeq, zuko, torchsde).
# Written and measured after graphlint's tuning on the dev packages stopped; never tune on these.
# #################################################################################################

def _graph(n=10, e=30, f=8):
    """A small random directed graph: node features [n, f] and edge_index [2, e] (no self loops)."""
    src = torch.randint(0, n, (e,))
    dst = (src + torch.randint(1, n, (e,))) % n
    return torch.randn(n, f), torch.stack([src, dst])


def _graph_batch(sizes=(6, 5, 7), f=8, deg=3):
    """Several small graphs concatenated PyG-style: x, edge_index, batch vector."""
    xs, eis, bs, off = [], [], [], 0
    for g, n in enumerate(sizes):
        x, ei = _graph(n, n * deg, f)
        xs.append(x)
        eis.append(ei + off)
        bs.append(torch.full((n,), g, dtype=torch.long))
        off += n
    return torch.cat(xs), torch.cat(eis, 1), torch.cat(bs)


# ============================================================ torch-geometric ==
@entry("torch-geometric", "nn.models.GCN (2 layers) forward on one graph")
def gcn_model():
    from torch_geometric.nn.models import GCN
    x, ei = _graph()
    return GCN(8, 16, num_layers=2, out_channels=4).eval(), (x, ei)


@entry("torch-geometric", "nn.GATConv (2 heads) forward, training mode (attention dropout)")
def gat_conv():
    from torch_geometric.nn import GATConv
    x, ei = _graph()
    return GATConv(8, 8, heads=2, dropout=0.1), (x, ei)


@entry("torch-geometric", "GraphSAGE + global_mean_pool over a batch of graphs (graph classification)")
def sage_global_pool():
    from torch_geometric.nn import global_mean_pool
    from torch_geometric.nn.models import GraphSAGE
    x, ei, batch = _graph_batch()
    net = GraphSAGE(8, 16, num_layers=2).eval()
    head = torch.nn.Linear(16, 3)

    def f(x, ei, batch):
        return head(global_mean_pool(net(x, ei), batch))
    return f, (x, ei, batch)


@entry("torch-geometric", "GIN (MLP conv) + global_add_pool + global_max_pool")
def gin_pool():
    from torch_geometric.nn import global_add_pool, global_max_pool
    from torch_geometric.nn.models import GIN
    x, ei, batch = _graph_batch()
    net = GIN(8, 16, num_layers=2).eval()

    def f(x, ei, batch):
        h = net(x, ei)
        return torch.cat([global_add_pool(h, batch), global_max_pool(h, batch)], -1)
    return f, (x, ei, batch)


@entry("torch-geometric", "nn.TopKPooling (ratio 0.5) between two GCNConv layers")
def topk_pooling():
    from torch_geometric.nn import GCNConv, TopKPooling
    x, ei, batch = _graph_batch()

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.c1 = GCNConv(8, 16)
            self.pool = TopKPooling(16, ratio=0.5)
            self.c2 = GCNConv(16, 16)

        def forward(self, x, ei, batch):
            x = self.c1(x, ei).relu()
            x, ei, _, batch, _, _ = self.pool(x, ei, batch=batch)
            return self.c2(x, ei)
    return Net().eval(), (x, ei, batch)


@entry("torch-geometric", "to_dense_batch + to_dense_adj + DenseGCNConv + dense_diff_pool")
def dense_diff_pool():
    from torch_geometric.nn import DenseGCNConv, dense_diff_pool
    from torch_geometric.utils import to_dense_adj, to_dense_batch
    x, ei, batch = _graph_batch()
    conv = DenseGCNConv(8, 16)
    assign = DenseGCNConv(8, 4)

    def f(x, ei, batch):
        xd, mask = to_dense_batch(x, batch)
        adj = to_dense_adj(ei, batch)
        s = assign(xd, adj, mask)
        h = conv(xd, adj, mask)
        return dense_diff_pool(h, adj, s, mask)
    return f, (x, ei, batch)


@entry("torch-geometric", "nn.TransformerConv with edge features")
def transformer_conv():
    from torch_geometric.nn import TransformerConv
    x, ei = _graph()
    return TransformerConv(8, 8, heads=2, edge_dim=4).eval(), (x, ei, torch.randn(ei.shape[1], 4))


@entry("torch-geometric", "nn.ChebConv (K=3, sym normalisation, lambda_max computed)")
def cheb_conv():
    from torch_geometric.nn import ChebConv
    x, ei = _graph()
    return ChebConv(8, 8, K=3), (x, ei)


@entry("torch-geometric", "utils: to_undirected + remove/add_self_loops + dropout_edge + degree")
def edge_utils():
    from torch_geometric.utils import add_self_loops, degree, dropout_edge, remove_self_loops, to_undirected

    def f(ei):
        ei = to_undirected(ei)
        ei, _ = remove_self_loops(ei)
        ei, _ = dropout_edge(ei, p=0.2)
        ei, _ = add_self_loops(ei, num_nodes=10)
        return degree(ei[0], num_nodes=10)
    return f, (_graph()[1],)


@entry("torch-geometric", "utils.k_hop_subgraph (2 hops, relabel) + GCNConv on the subgraph")
def k_hop_subgraph():
    from torch_geometric.nn import GCNConv
    from torch_geometric.utils import k_hop_subgraph as khs
    x, ei = _graph(12, 30)
    conv = GCNConv(8, 8)

    def f(x, ei):
        subset, sub_ei, mapping, _ = khs(torch.tensor([0, 3]), 2, ei, relabel_nodes=True, num_nodes=12)
        return conv(x[subset], sub_ei)[mapping]
    return f, (x, ei)


@entry("torch-geometric", "nn.models.GAE (GCN encoder) recon_loss with negative sampling")
def gae_recon_loss():
    from torch_geometric.nn import GCNConv
    from torch_geometric.nn.models import GAE
    x, ei = _graph(12, 30)
    model = GAE(GCNConv(8, 8))

    def f(x, ei):
        z = model.encode(x, ei)
        return model.recon_loss(z, ei)
    return f, (x, ei)


@entry("torch-geometric", "nn.aggr.Set2Set readout (LSTM, 2 steps) over a batch of graphs")
def set2set_readout():
    from torch_geometric.nn.aggr import Set2Set
    x, _ei, batch = _graph_batch()
    return Set2Set(8, processing_steps=2), (x, batch)


@entry("torch-geometric", "nn.pool.EdgePooling (edge contraction) forward", calls=1)
def edge_pooling():
    from torch_geometric.nn.pool import EdgePooling
    x, ei, batch = _graph_batch()
    return EdgePooling(8).eval(), (x, ei, batch)


# ==================================================== vector-quantize-pytorch ==
@entry("vector-quantize-pytorch", "VectorQuantize forward in training mode (EMA codebook update)")
def vq_train():
    from vector_quantize_pytorch import VectorQuantize
    vq = VectorQuantize(dim=16, codebook_size=32, decay=0.8, commitment_weight=1.0)
    return vq, (torch.randn(2, 24, 16),)


@entry("vector-quantize-pytorch", "VectorQuantize with kmeans_init + dead-code expiry (training)")
def vq_kmeans_dead_code():
    from vector_quantize_pytorch import VectorQuantize
    vq = VectorQuantize(dim=16, codebook_size=16, kmeans_init=True, kmeans_iters=3,
                        threshold_ema_dead_code=2)
    return vq, (torch.randn(2, 24, 16),)


@entry("vector-quantize-pytorch", "VectorQuantize cosine-sim, 2 heads, separate codebooks, eval + mask")
def vq_cosine_heads_eval():
    from vector_quantize_pytorch import VectorQuantize
    vq = VectorQuantize(dim=16, codebook_size=32, heads=2, separate_codebook_per_head=True,
                        use_cosine_sim=True, codebook_dim=8).eval()
    mask = torch.ones(2, 24, dtype=torch.bool)
    mask[1, 20:] = False
    return vq, (torch.randn(2, 24, 16),), {"mask": mask}


@entry("vector-quantize-pytorch", "ResidualVQ (3 quantizers) with quantize_dropout, training")
def residual_vq_dropout():
    from vector_quantize_pytorch import ResidualVQ
    rvq = ResidualVQ(dim=16, num_quantizers=3, codebook_size=32, quantize_dropout=True)
    return rvq, (torch.randn(2, 24, 16),)


@entry("vector-quantize-pytorch", "FSQ (levels 8,5,5,5) forward on an image feature map")
def fsq():
    from vector_quantize_pytorch import FSQ
    return FSQ(levels=[8, 5, 5, 5], dim=16), (torch.randn(2, 16, 4, 4),)


@entry("vector-quantize-pytorch", "LFQ with entropy + commitment loss, training")
def lfq_train():
    from vector_quantize_pytorch import LFQ
    q = LFQ(codebook_size=256, dim=16, entropy_loss_weight=0.1, diversity_gamma=1.0)
    return q, (torch.randn(2, 24, 16),)


@entry("vector-quantize-pytorch", "ResidualLFQ (2 quantizers) eval forward")
def residual_lfq():
    from vector_quantize_pytorch import ResidualLFQ
    q = ResidualLFQ(dim=16, codebook_size=64, num_quantizers=2).eval()
    return q, (torch.randn(2, 24, 16),)


@entry("vector-quantize-pytorch", "LatentQuantize (levels 5,5,8) forward on a channel-first map, training")
def latent_quantize():
    from vector_quantize_pytorch import LatentQuantize
    q = LatentQuantize(levels=[5, 5, 8], dim=16, commitment_loss_weight=0.1, quantization_loss_weight=0.1)
    return q, (torch.randn(2, 16, 4, 4),)


@entry("vector-quantize-pytorch", "SimVQ forward, training")
def sim_vq():
    from vector_quantize_pytorch import SimVQ
    return SimVQ(dim=16, codebook_size=64), (torch.randn(2, 24, 16),)


@entry("vector-quantize-pytorch", "ResidualFSQ (2 quantizers) forward, training")
def residual_fsq():
    from vector_quantize_pytorch import ResidualFSQ
    q = ResidualFSQ(dim=16, levels=[8, 5, 5], num_quantizers=2)
    return q, (torch.randn(2, 24, 16),)


@entry("vector-quantize-pytorch", "RandomProjectionQuantizer (BEST-RQ targets)")
def random_projection_quantizer():
    from vector_quantize_pytorch import RandomProjectionQuantizer
    q = RandomProjectionQuantizer(dim=16, num_codebooks=2, codebook_dim=8, codebook_size=32)
    return q, (torch.randn(2, 24, 16),)


# ================================================================ torchdiffeq ==
class _ODEFunc(torch.nn.Module):
    def __init__(self, d=4):
        super().__init__()
        self.net = torch.nn.Sequential(torch.nn.Linear(d, 16), torch.nn.Tanh(), torch.nn.Linear(16, d))

    def forward(self, t, y):
        return self.net(y)


@entry("torchdiffeq", "odeint dopri5 (adaptive step) of a neural ODE")
def odeint_dopri5():
    from torchdiffeq import odeint
    func = _ODEFunc()

    def f(y0, t):
        return odeint(func, y0, t, rtol=1e-3, atol=1e-4, method="dopri5")
    return f, (torch.randn(3, 4), torch.linspace(0, 1, 5))


@entry("torchdiffeq", "odeint rk4 fixed grid (step_size option)")
def odeint_rk4():
    from torchdiffeq import odeint
    func = _ODEFunc()

    def f(y0, t):
        return odeint(func, y0, t, method="rk4", options={"step_size": 0.25})
    return f, (torch.randn(3, 4), torch.linspace(0, 1, 3))


@entry("torchdiffeq", "odeint_adjoint dopri5 + backward (adjoint sensitivities)", calls=1)
def odeint_adjoint_backward():
    from torchdiffeq import odeint_adjoint
    func = _ODEFunc()

    def f(y0, t):
        ys = odeint_adjoint(func, y0, t, rtol=1e-3, atol=1e-4, method="dopri5")
        ys.pow(2).sum().backward()
        return ys
    return f, (torch.randn(3, 4), torch.linspace(0, 1, 3))


@entry("torchdiffeq", "odeint_event: integrate until an event function crosses zero", calls=1)
def odeint_event():
    from torchdiffeq import odeint_event as oe

    class Fall(torch.nn.Module):
        def forward(self, t, state):
            pos, vel = state
            return vel, torch.full_like(vel, -9.8)

    def event_fn(t, state):
        return state[0]  # position hits zero

    def f(pos, vel):
        return oe(Fall(), (pos, vel), torch.tensor(0.0), event_fn=event_fn, method="dopri5",
                  rtol=1e-3, atol=1e-4)
    return f, (torch.tensor([1.0]), torch.tensor([0.0]))


@entry("torchdiffeq", "odeint bosh3 (adaptive) with step_t + jump_t options")
def odeint_bosh3_step_t():
    from torchdiffeq import odeint
    func = _ODEFunc()

    def f(y0, t):
        return odeint(func, y0, t, rtol=1e-3, atol=1e-4, method="bosh3",
                      options={"step_t": torch.tensor([0.3]), "jump_t": torch.tensor([0.6])})
    return f, (torch.randn(3, 4), torch.linspace(0, 1, 3))


@entry("torchdiffeq", "odeint implicit_adams (fixed step, predictor-corrector)")
def odeint_implicit_adams():
    from torchdiffeq import odeint
    func = _ODEFunc()

    def f(y0, t):
        return odeint(func, y0, t, method="implicit_adams", options={"step_size": 0.25})
    return f, (torch.randn(3, 4), torch.linspace(0, 1, 3))


@entry("torchdiffeq", "odeint dopri5 over decreasing time (reverse integration) on a tuple state")
def odeint_reverse_tuple():
    from torchdiffeq import odeint
    lin = torch.nn.Linear(2, 2)

    def func(t, state):
        a, b = state
        return lin(b), -a

    def f(a, b, t):
        return odeint(func, (a, b), t, rtol=1e-3, atol=1e-4)
    return f, (torch.randn(2), torch.randn(2), torch.tensor([1.0, 0.5, 0.0]))


# ======================================================================= zuko ==
@entry("zuko", "flows.MAF (conditional) log_prob")
def maf_log_prob():
    import zuko
    flow = zuko.flows.MAF(features=3, context=2, transforms=2, hidden_features=[16])

    def f(x, c):
        return flow(c).log_prob(x)
    return f, (torch.randn(8, 3), torch.randn(8, 2))


@entry("zuko", "flows.NSF (spline) rsample + log_prob")
def nsf_sample():
    import zuko
    flow = zuko.flows.NSF(features=3, context=0, transforms=2, hidden_features=[16])

    def f():
        d = flow()
        x = d.rsample((8,))
        return d.log_prob(x)
    return f, ()


@entry("zuko", "flows.NAF (monotonic neural transform) log_prob + sample (bisection inverse)", calls=1)
def naf_sample():
    import zuko
    flow = zuko.flows.NAF(features=2, transforms=1, hidden_features=[16], signal=4)

    def f(x):
        d = flow()
        return d.log_prob(x), d.sample((4,))
    return f, (torch.randn(8, 2),)


@entry("zuko", "flows.CNF (continuous flow, adaptive dopri45 + Hutchinson trace) log_prob", calls=1)
def cnf_log_prob():
    import zuko
    flow = zuko.flows.CNF(features=2, context=0, hidden_features=[16])

    def f(x):
        return flow().log_prob(x)
    return f, (torch.randn(8, 2),)


@entry("zuko", "flows.GF (gaussianization) + SOSPF (polynomial) log_prob")
def gf_sospf():
    import zuko
    gf = zuko.flows.GF(features=3, transforms=2, components=4)
    sp = zuko.flows.SOSPF(features=3, transforms=2, hidden_features=[16])

    def f(x):
        return gf().log_prob(x) + sp().log_prob(x)
    return f, (torch.randn(8, 3),)


@entry("zuko", "flows.RealNVP (coupling) sample + GMM mixture log_prob")
def realnvp_gmm():
    import zuko
    nvp = zuko.flows.RealNVP(features=4, transforms=2, hidden_features=[16])
    gmm = zuko.flows.GMM(features=4, components=3)

    def f(x):
        return nvp().sample((4,)), gmm().log_prob(x)
    return f, (torch.randn(8, 4),)


# =================================================================== torchsde ==
class _SDE(torch.nn.Module):
    noise_type = "diagonal"
    sde_type = "ito"

    def __init__(self, d=3):
        super().__init__()
        self.mu = torch.nn.Linear(d, d)
        self.sigma = torch.nn.Linear(d, d)

    def f(self, t, y):
        return self.mu(y)

    def g(self, t, y):
        return torch.sigmoid(self.sigma(y))


@entry("torchsde", "sdeint Euler-Maruyama (Ito, diagonal noise, default Brownian interval)")
def sdeint_euler():
    import torchsde
    sde = _SDE()

    def f(y0, ts):
        return torchsde.sdeint(sde, y0, ts, method="euler", dt=0.1)
    return f, (torch.randn(4, 3), torch.linspace(0, 0.5, 3))


@entry("torchsde", "sdeint Milstein with adaptive stepping")
def sdeint_milstein_adaptive():
    import torchsde
    sde = _SDE()

    def f(y0, ts):
        return torchsde.sdeint(sde, y0, ts, method="milstein", dt=0.1, adaptive=True, rtol=1e-2, atol=1e-2)
    return f, (torch.randn(4, 3), torch.linspace(0, 0.5, 3))


@entry("torchsde", "sdeint_adjoint (reversible Heun, Stratonovich) + backward", calls=1)
def sdeint_adjoint_backward():
    import torchsde

    class StratSDE(_SDE):
        sde_type = "stratonovich"
    sde = StratSDE()

    def f(y0, ts):
        bm = torchsde.BrownianInterval(t0=0.0, t1=0.5, size=(4, 3))
        ys = torchsde.sdeint_adjoint(sde, y0, ts, bm=bm, method="reversible_heun", dt=0.1,
                                     adjoint_method="adjoint_reversible_heun")
        ys.sum().backward()
        return ys
    return f, (torch.randn(4, 3), torch.linspace(0, 0.5, 3))


# =============================================================== transformers ==
# Hugging Face models built from tiny config objects (random weights: nothing is downloaded, no
# tokenizer). The attention implementation is the library default (sdpa where supported).
_TOK = {"pad_token_id": 0, "bos_token_id": 1, "eos_token_id": 2}


def _ids(b=2, t=12, vocab=100):
    return torch.randint(3, vocab, (b, t))


def _pad_mask(b=2, t=12, pad=3):
    m = torch.ones(b, t, dtype=torch.long)
    m[1, :pad] = 0  # left padding on the second row
    return m


def _llama_like(**kw):
    return dict(vocab_size=100, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64, **_TOK, **kw)


@entry("transformers", "GPT2LMHeadModel eval forward with a left-padded attention mask")
def gpt2_lm_forward():
    from transformers import GPT2Config, GPT2LMHeadModel
    m = GPT2LMHeadModel(GPT2Config(n_layer=2, n_embd=64, n_head=4, vocab_size=100, n_positions=64,
                                   bos_token_id=1, eos_token_id=2)).eval()
    return m, (_ids(),), {"attention_mask": _pad_mask()}


@entry("transformers", "GPT2LMHeadModel training step: forward with labels (loss, dropout) + backward")
def gpt2_train_loss():
    from transformers import GPT2Config, GPT2LMHeadModel
    m = GPT2LMHeadModel(GPT2Config(n_layer=2, n_embd=64, n_head=4, vocab_size=100, n_positions=64,
                                   bos_token_id=1, eos_token_id=2)).train()

    def f(ids):
        loss = m(ids, labels=ids).loss
        loss.backward()
        return loss
    return f, (_ids(),)


@entry("transformers", "GPT2LMHeadModel.generate (greedy, 4 new tokens, KV cache)", calls=1)
def gpt2_generate():
    from transformers import GPT2Config, GPT2LMHeadModel
    m = GPT2LMHeadModel(GPT2Config(n_layer=2, n_embd=64, n_head=4, vocab_size=100, n_positions=64,
                                   bos_token_id=1, eos_token_id=2, pad_token_id=0)).eval()

    def f(ids):
        return m.generate(ids, max_new_tokens=4, do_sample=False, attention_mask=torch.ones_like(ids))
    return f, (_ids(1, 6),)


@entry("transformers", "BertForSequenceClassification eval forward (attention mask + token types)")
def bert_seq_cls():
    from transformers import BertConfig, BertForSequenceClassification
    m = BertForSequenceClassification(BertConfig(
        vocab_size=100, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
        max_position_embeddings=64, num_labels=3, pad_token_id=0)).eval()
    tt = torch.zeros(2, 12, dtype=torch.long)
    tt[:, 6:] = 1
    return m, (_ids(),), {"attention_mask": _pad_mask(), "token_type_ids": tt}


@entry("transformers", "DistilBertForMaskedLM forward with labels (-100 ignored positions), training")
def distilbert_mlm():
    from transformers import DistilBertConfig, DistilBertForMaskedLM
    m = DistilBertForMaskedLM(DistilBertConfig(
        vocab_size=100, dim=32, n_layers=2, n_heads=4, hidden_dim=64, max_position_embeddings=64,
        pad_token_id=0)).train()
    ids = _ids()
    labels = torch.full_like(ids, -100)
    labels[:, ::4] = ids[:, ::4]
    return m, (ids,), {"labels": labels}


@entry("transformers", "T5ForConditionalGeneration eval forward (encoder + decoder_input_ids, relative bias)")
def t5_forward():
    from transformers import T5Config, T5ForConditionalGeneration
    m = T5ForConditionalGeneration(T5Config(
        vocab_size=100, d_model=32, d_kv=8, d_ff=64, num_layers=2, num_decoder_layers=2, num_heads=4,
        pad_token_id=0, eos_token_id=2, decoder_start_token_id=0)).eval()
    return m, (_ids(),), {"decoder_input_ids": _ids(2, 5)}


@entry("transformers", "BartForConditionalGeneration forward with labels (shift_tokens_right), training")
def bart_labels():
    from transformers import BartConfig, BartForConditionalGeneration
    m = BartForConditionalGeneration(BartConfig(
        vocab_size=100, d_model=32, encoder_layers=2, decoder_layers=2, encoder_attention_heads=4,
        decoder_attention_heads=4, encoder_ffn_dim=64, decoder_ffn_dim=64, max_position_embeddings=64,
        pad_token_id=1, bos_token_id=0, eos_token_id=2, decoder_start_token_id=2)).train()
    return m, (_ids(),), {"labels": _ids(2, 7), "attention_mask": _pad_mask()}


@entry("transformers", "LlamaForCausalLM eval forward (GQA, rotary) with a padded attention mask")
def llama_forward():
    from transformers import LlamaConfig, LlamaForCausalLM
    m = LlamaForCausalLM(LlamaConfig(**_llama_like())).eval()
    return m, (_ids(),), {"attention_mask": _pad_mask()}


@entry("transformers", "LlamaForCausalLM prefill + one decode step with past_key_values (DynamicCache)")
def llama_decode_step():
    from transformers import LlamaConfig, LlamaForCausalLM
    m = LlamaForCausalLM(LlamaConfig(**_llama_like())).eval()

    def f(ids):
        out = m(ids, use_cache=True)
        nxt = out.logits[:, -1:].argmax(-1)
        return m(nxt, past_key_values=out.past_key_values, use_cache=True).logits
    return f, (_ids(),)


@entry("transformers", "MistralForCausalLM eval forward (sliding-window attention)")
def mistral_forward():
    from transformers import MistralConfig, MistralForCausalLM
    m = MistralForCausalLM(MistralConfig(**_llama_like(sliding_window=8))).eval()
    return m, (_ids(2, 16),)


@entry("transformers", "MixtralForCausalLM eval forward (sparse MoE routing, 4 experts top-2)")
def mixtral_moe_forward():
    from transformers import MixtralConfig, MixtralForCausalLM
    m = MixtralForCausalLM(MixtralConfig(**_llama_like(num_local_experts=4, num_experts_per_tok=2))).eval()
    return m, (_ids(),)


@entry("transformers", "Qwen2MoeForCausalLM forward with router logits + aux loss, training")
def qwen2_moe_train():
    from transformers import Qwen2MoeConfig, Qwen2MoeForCausalLM
    m = Qwen2MoeForCausalLM(Qwen2MoeConfig(**_llama_like(
        num_experts=4, num_experts_per_tok=2, moe_intermediate_size=32, shared_expert_intermediate_size=64,
        output_router_logits=True))).train()
    ids = _ids()
    return m, (ids,), {"labels": ids}


@entry("transformers", "WhisperForConditionalGeneration eval forward (log-mel features + decoder ids)")
def whisper_forward():
    from transformers import WhisperConfig, WhisperForConditionalGeneration
    m = WhisperForConditionalGeneration(WhisperConfig(
        vocab_size=100, num_mel_bins=16, encoder_layers=2, decoder_layers=2, d_model=32,
        encoder_attention_heads=4, decoder_attention_heads=4, encoder_ffn_dim=64, decoder_ffn_dim=64,
        max_source_positions=32, max_target_positions=32, pad_token_id=0, bos_token_id=1,
        eos_token_id=2, decoder_start_token_id=1, begin_suppress_tokens=None, suppress_tokens=None)).eval()
    return m, (torch.randn(1, 16, 64),), {"decoder_input_ids": _ids(1, 5)}


@entry("transformers", "Wav2Vec2ForCTC training forward with CTC labels (SpecAugment time masking)")
def wav2vec2_ctc_train():
    from transformers import Wav2Vec2Config, Wav2Vec2ForCTC
    m = Wav2Vec2ForCTC(Wav2Vec2Config(
        vocab_size=20, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
        conv_dim=(16, 16, 16), conv_stride=(5, 2, 2), conv_kernel=(10, 3, 3), num_conv_pos_embeddings=16,
        num_conv_pos_embedding_groups=4, mask_time_prob=0.2, mask_time_length=2, pad_token_id=0)).train()
    return m, (torch.randn(2, 1600),), {"labels": torch.randint(1, 20, (2, 8))}


@entry("transformers", "SwinForImageClassification eval forward (shifted windows, patch merging)")
def swin_classify():
    from transformers import SwinConfig, SwinForImageClassification
    m = SwinForImageClassification(SwinConfig(
        image_size=32, patch_size=4, embed_dim=16, depths=[2, 1], num_heads=[2, 4], window_size=4,
        num_labels=5)).eval()
    return m, (_img(2),)


@entry("transformers", "CLIPModel forward on text + images with return_loss (contrastive loss)")
def clip_contrastive():
    from transformers import CLIPConfig, CLIPModel
    m = CLIPModel(CLIPConfig(
        text_config={"vocab_size": 100, "hidden_size": 32, "intermediate_size": 64, "num_hidden_layers": 2,
                     "num_attention_heads": 4, "max_position_embeddings": 16, **_TOK},
        vision_config={"image_size": 32, "patch_size": 8, "hidden_size": 32, "intermediate_size": 64,
                       "num_hidden_layers": 2, "num_attention_heads": 4},
        projection_dim=16)).eval()
    ids = _ids(2, 10)
    ids[:, -1] = 2  # eos
    return m, (), {"input_ids": ids, "pixel_values": _img(2), "return_loss": True}


# ================================================================== diffusers ==
# held-out set 2. Tiny models built from constructor arguments (random weights, nothing downloaded),
# used the way diffusers' docs show (model(sample, t).sample, scheduler.step(...).prev_sample, ...).
def _tiny_unet2d():
    from diffusers import UNet2DModel
    return UNet2DModel(sample_size=16, in_channels=3, out_channels=3, layers_per_block=1,
                       block_out_channels=(16, 32), down_block_types=("DownBlock2D", "AttnDownBlock2D"),
                       up_block_types=("AttnUpBlock2D", "UpBlock2D"), norm_num_groups=8,
                       attention_head_dim=8)


@entry("diffusers", "UNet2DModel eval forward (noise prediction for a batch of timesteps)")
def unet2d_forward():
    unet = _tiny_unet2d().eval()

    def f(x, t):
        return unet(x, t).sample
    return f, (torch.randn(2, 3, 16, 16), torch.tensor([10, 500]))


@entry("diffusers", "UNet2DConditionModel eval forward (cross-attention on text embeddings)")
def unet2d_condition_forward():
    from diffusers import UNet2DConditionModel
    unet = UNet2DConditionModel(
        sample_size=16, in_channels=4, out_channels=4, layers_per_block=1, block_out_channels=(16, 32),
        down_block_types=("CrossAttnDownBlock2D", "DownBlock2D"),
        up_block_types=("UpBlock2D", "CrossAttnUpBlock2D"), cross_attention_dim=24,
        attention_head_dim=8, norm_num_groups=8).eval()

    def f(latents, t, text_emb):
        return unet(latents, t, encoder_hidden_states=text_emb).sample
    return f, (torch.randn(2, 4, 16, 16), torch.tensor(999), torch.randn(2, 7, 24))


@entry("diffusers", "AutoencoderKL encode -> latent_dist.sample -> decode")
def autoencoder_kl_roundtrip():
    from diffusers import AutoencoderKL
    vae = AutoencoderKL(in_channels=3, out_channels=3, down_block_types=("DownEncoderBlock2D",) * 2,
                        up_block_types=("UpDecoderBlock2D",) * 2, block_out_channels=(16, 32),
                        layers_per_block=1, latent_channels=4, norm_num_groups=8, sample_size=32).eval()

    def f(x):
        z = vae.encode(x).latent_dist.sample()
        return vae.decode(z * vae.config.scaling_factor).sample
    return f, (_img(1),)


@entry("diffusers", "DDPM training step: DDPMScheduler.add_noise + UNet2DModel + MSE loss + backward")
def ddpm_training_step():
    from diffusers import DDPMScheduler
    unet = _tiny_unet2d().train()
    sched = DDPMScheduler(num_train_timesteps=100)

    def f(clean):
        noise = torch.randn_like(clean)
        t = torch.randint(0, sched.config.num_train_timesteps, (clean.shape[0],))
        noisy = sched.add_noise(clean, noise, t)
        loss = torch.nn.functional.mse_loss(unet(noisy, t).sample, noise)
        loss.backward()
        return loss
    return f, (torch.randn(2, 3, 16, 16),)


@entry("diffusers", "DDIMScheduler sampling loop (4 steps) with a UNet2DModel", calls=1)
def ddim_sampling_loop():
    from diffusers import DDIMScheduler
    unet = _tiny_unet2d().eval()
    sched = DDIMScheduler(num_train_timesteps=100)
    sched.set_timesteps(4)

    def f(x):
        for t in sched.timesteps:
            eps = unet(x, t).sample
            x = sched.step(eps, t, x).prev_sample
        return x
    return f, (torch.randn(1, 3, 16, 16),)


@entry("diffusers", "EulerDiscreteScheduler loop: scale_model_input + step (3 steps, conv denoiser)", calls=1)
def euler_scheduler_loop():
    from diffusers import EulerDiscreteScheduler
    sched = EulerDiscreteScheduler(num_train_timesteps=100)
    sched.set_timesteps(3)
    net = torch.nn.Conv2d(4, 4, 3, padding=1)

    def f(x):
        x = x * sched.init_noise_sigma
        for t in sched.timesteps:
            inp = sched.scale_model_input(x, t)
            x = sched.step(net(inp), t, x).prev_sample
        return x
    return f, (torch.randn(1, 4, 8, 8),)


@entry("diffusers", "DiTTransformer2DModel eval forward (class-conditional, adaLN-zero)")
def dit_forward():
    from diffusers import DiTTransformer2DModel
    m = DiTTransformer2DModel(num_attention_heads=2, attention_head_dim=8, in_channels=4, num_layers=2,
                              sample_size=8, patch_size=2, num_embeds_ada_norm=10).eval()

    def f(x, t, y):
        return m(x, timestep=t, class_labels=y).sample
    return f, (torch.randn(2, 4, 8, 8), torch.tensor([3, 7]), torch.tensor([1, 4]))


@entry("diffusers", "FluxTransformer2DModel eval forward (joint + single blocks, rotary ids)")
def flux_forward():
    from diffusers import FluxTransformer2DModel
    m = FluxTransformer2DModel(patch_size=1, in_channels=8, num_layers=1, num_single_layers=1,
                               attention_head_dim=16, num_attention_heads=2, joint_attention_dim=24,
                               pooled_projection_dim=12, axes_dims_rope=(4, 6, 6)).eval()
    img_ids = torch.zeros(16, 3)
    img_ids[:, 1] = torch.arange(16) // 4
    img_ids[:, 2] = torch.arange(16) % 4
    txt_ids = torch.zeros(5, 3)

    def f(h, enc, pooled, t):
        return m(hidden_states=h, encoder_hidden_states=enc, pooled_projections=pooled, timestep=t,
                 img_ids=img_ids, txt_ids=txt_ids).sample
    return f, (torch.randn(1, 16, 8), torch.randn(1, 5, 24), torch.randn(1, 12), torch.tensor([0.5]))


# ====================================================================== monai ==
# held-out set 2. Networks, losses, metrics and inferers from monai's docs, in 2D with tiny sizes.
def _seg_batch(b=2, c=3, h=32, w=32):
    logits = torch.randn(b, c, h, w)
    labels = torch.randint(0, c, (b, 1, h, w))
    return logits, labels


@entry("monai", "networks.nets.UNet (2D, residual units) eval forward")
def unet_forward():
    from monai.networks.nets import UNet
    net = UNet(spatial_dims=2, in_channels=1, out_channels=2, channels=(8, 16, 32), strides=(2, 2),
               num_res_units=1).eval()
    return net, (torch.randn(2, 1, 32, 32),)


@entry("monai", "networks.nets.SwinUNETR (2D, feature_size 12) eval forward")
def swin_unetr_forward():
    from monai.networks.nets import SwinUNETR
    net = SwinUNETR(in_channels=1, out_channels=2, feature_size=12, depths=(1, 1, 1, 1),
                    num_heads=(1, 2, 2, 4), window_size=4, spatial_dims=2).eval()
    return net, (torch.randn(1, 1, 64, 64),)  # /32 at the bottleneck: 2x2


@entry("monai", "networks.nets.DynUNet with deep supervision, training forward")
def dynunet_deep_supervision():
    from monai.networks.nets import DynUNet
    net = DynUNet(spatial_dims=2, in_channels=1, out_channels=2, kernel_size=[3, 3, 3], strides=[1, 2, 2],
                  upsample_kernel_size=[2, 2], filters=[8, 16, 32], deep_supervision=True,
                  deep_supr_num=1).train()
    return net, (torch.randn(2, 1, 32, 32),)


@entry("monai", "networks.nets.SegResNet (2D) eval forward")
def segresnet_forward():
    from monai.networks.nets import SegResNet
    net = SegResNet(spatial_dims=2, init_filters=8, in_channels=1, out_channels=2, blocks_down=(1, 2),
                    blocks_up=(1,)).eval()
    return net, (torch.randn(2, 1, 32, 32),)


@entry("monai", "networks.nets.ViT classification (2D patches) eval forward")
def vit_classification():
    from monai.networks.nets import ViT
    net = ViT(in_channels=1, img_size=(32, 32), patch_size=(8, 8), hidden_size=32, mlp_dim=64, num_layers=2,
              num_heads=4, classification=True, num_classes=3, spatial_dims=2).eval()
    return net, (torch.randn(2, 1, 32, 32),)


@entry("monai", "losses.DiceLoss(to_onehot_y, softmax)")
def dice_loss():
    from monai.losses import DiceLoss
    return DiceLoss(to_onehot_y=True, softmax=True), _seg_batch()


@entry("monai", "losses.DiceCELoss + losses.FocalLoss (one-hot targets)")
def dice_ce_focal_loss():
    from monai.losses import DiceCELoss, FocalLoss
    dce = DiceCELoss(to_onehot_y=True, softmax=True)
    focal = FocalLoss(to_onehot_y=True, gamma=2.0)

    def f(logits, labels):
        return dce(logits, labels) + focal(logits, labels)
    return f, _seg_batch()


@entry("monai", "metrics.DiceMetric (one-hot, no background) call + aggregate")
def dice_metric():
    from monai.metrics import DiceMetric
    from monai.networks.utils import one_hot
    metric = DiceMetric(include_background=False, reduction="mean")

    def f(logits, labels):
        pred = one_hot(logits.argmax(1, keepdim=True), num_classes=3)
        metric(y_pred=pred, y=one_hot(labels, num_classes=3))
        return metric.aggregate()
    return f, _seg_batch()


@entry("monai", "metrics.compute_hausdorff_distance (95th percentile) on one-hot masks")
def hausdorff_distance():
    from monai.metrics import compute_hausdorff_distance
    from monai.networks.utils import one_hot
    pred = torch.zeros(1, 1, 16, 16, dtype=torch.long)
    pred[..., 4:10, 4:10] = 1
    gt = torch.zeros(1, 1, 16, 16, dtype=torch.long)
    gt[..., 5:12, 3:9] = 1

    def f(p, g):
        return compute_hausdorff_distance(one_hot(p, 2), one_hot(g, 2), percentile=95)
    return f, (pred, gt)


@entry("monai", "inferers.sliding_window_inference (roi 32x32, overlap 0.25) with a UNet")
def sliding_window():
    from monai.inferers import sliding_window_inference
    from monai.networks.nets import UNet
    net = UNet(spatial_dims=2, in_channels=1, out_channels=2, channels=(8, 16), strides=(2,)).eval()

    def f(x):
        return sliding_window_inference(x, roi_size=(32, 32), sw_batch_size=2, predictor=net, overlap=0.25)
    return f, (torch.randn(1, 1, 48, 48),)


# ======================================================================= e3nn ==
# held-out set 2. E(3)-equivariant layers as in e3nn's docs and guides.
@entry("e3nn", "o3.Linear between irreps (4x0e+2x1o -> 2x0e+3x1o)")
def o3_linear():
    from e3nn import o3
    lin = o3.Linear("4x0e + 2x1o", "2x0e + 3x1o")
    return lin, (torch.randn(8, lin.irreps_in.dim),)


@entry("e3nn", "o3.FullyConnectedTensorProduct forward")
def fc_tensor_product():
    from e3nn import o3
    tp = o3.FullyConnectedTensorProduct("2x0e + 1x1o", "1x0e + 1x1o", "3x0e + 2x1o + 1x2e")
    return tp, (torch.randn(8, tp.irreps_in1.dim), torch.randn(8, tp.irreps_in2.dim))


@entry("e3nn", "o3.FullTensorProduct + o3.ElementwiseTensorProduct")
def full_and_elementwise_tp():
    from e3nn import o3
    full = o3.FullTensorProduct("2x0e + 1x1o", "1x0e + 1x1o")
    elem = o3.ElementwiseTensorProduct("2x0e + 1x1o", "2x1o + 1x0e")

    def f(a, b):
        return full(a, b[:, :4]), elem(a, b[:, 4:])
    return f, (torch.randn(8, 5), torch.randn(8, 4 + 7))


@entry("e3nn", "o3.spherical_harmonics (l=0..3, normalize, component normalisation)")
def spherical_harmonics():
    from e3nn import o3

    def f(vec):
        return o3.spherical_harmonics([0, 1, 2, 3], vec, normalize=True, normalization="component")
    return f, (torch.randn(16, 3),)


@entry("e3nn", "nn.Gate (scalars relu, gates sigmoid on 2x1o)")
def gate():
    from e3nn import nn
    g = nn.Gate("4x0e", [torch.relu], "2x0e", [torch.sigmoid], "2x1o")
    return g, (torch.randn(8, g.irreps_in.dim),)


@entry("e3nn", "nn.BatchNorm on irreps, training mode (running stats)")
def batch_norm():
    from e3nn import nn
    bn = nn.BatchNorm("4x0e + 2x1o + 1x2e").train()
    return bn, (torch.randn(8, 4 + 6 + 5),)


@entry("e3nn", "nn.NormActivation (sigmoid on norms of 2x1o+1x2e)")
def norm_activation():
    from e3nn import nn
    na = nn.NormActivation("2x1o + 1x2e", torch.sigmoid)
    return na, (torch.randn(8, 11),)


# The compiled functions below must not close over an o3.Irreps object: Dynamo 2.13 then crashes
# while creating a guard on it (InternalTorchDynamoError: Irrep.__len__ raises NotImplementedError),
# which is what the first versions of these two entry points did (Irreps.D_from_angles on a
# closed-over Irreps; o3.spherical_harmonics(irreps_sh, ...)).
@entry("e3nn", "o3.wigner_D (l = 0, 0, 1, 2) as a block-diagonal rotation of features")
def wigner_d_rotate():
    from e3nn import o3

    def f(x, a, b, c):
        D = torch.block_diag(*[o3.wigner_D(l, a, b, c) for l in (0, 0, 1, 2)])
        return x @ D.transpose(-1, -2)
    return f, (torch.randn(8, 1 + 1 + 3 + 5), torch.tensor(0.3), torch.tensor(1.1), torch.tensor(-0.4))


@entry("e3nn", "point-cloud convolution from the docs guide: o3.SphericalHarmonics + soft_one_hot_linspace "
               "+ FullyConnectedNet weights + weighted tensor product + scatter")
def point_convolution():
    from e3nn import nn, o3
    from e3nn.math import soft_one_hot_linspace
    irreps_in = o3.Irreps("4x0e + 2x1o")
    irreps_sh = o3.Irreps.spherical_harmonics(2)
    irreps_out = o3.Irreps("4x0e + 2x1o + 1x2e")
    tp = o3.FullyConnectedTensorProduct(irreps_in, irreps_sh, irreps_out, shared_weights=False)
    num_basis, max_radius = 8, 2.0
    fc = nn.FullyConnectedNet([num_basis, 16, tp.weight_numel], torch.relu)
    sh_fn = o3.SphericalHarmonics(irreps_sh, normalize=True, normalization="component")
    out_dim = irreps_out.dim
    n = 10
    pos = torch.randn(n, 3)
    src = torch.arange(n).repeat_interleave(3)
    dst = (src + torch.tensor([1, 2, 3]).repeat(n)) % n

    def f(x, pos, src, dst):
        vec = pos[dst] - pos[src]
        sh = sh_fn(vec)
        emb = soft_one_hot_linspace(vec.norm(dim=1), 0.0, max_radius, num_basis, basis="smooth_finite",
                                    cutoff=True).mul(num_basis ** 0.5)
        msg = tp(x[src], sh, fc(emb))
        return torch.zeros(x.shape[0], out_dim).index_add(0, dst, msg) / 3 ** 0.5
    return f, (irreps_in.randn(n, -1), pos, src, dst)


# ==================================================== pytorch-metric-learning ==
# held-out set 2. Losses and miners as in the library's README/docs: loss(embeddings, labels[, tuples]).
def _emb(n=16, d=16, classes=4):
    return torch.randn(n, d), torch.arange(classes).repeat(n // classes)


@entry("pytorch-metric-learning", "MultiSimilarityMiner + TripletMarginLoss (the README example)")
def triplet_with_ms_miner():
    from pytorch_metric_learning import losses, miners
    miner = miners.MultiSimilarityMiner()
    loss_func = losses.TripletMarginLoss()

    def f(emb, labels):
        return loss_func(emb, labels, miner(emb, labels))
    return f, _emb()


@entry("pytorch-metric-learning", "TripletMarginMiner(semihard) + TripletMarginLoss(margin 0.2)")
def semihard_triplet():
    from pytorch_metric_learning import losses, miners
    miner = miners.TripletMarginMiner(margin=0.2, type_of_triplets="semihard")
    loss_func = losses.TripletMarginLoss(margin=0.2)

    def f(emb, labels):
        return loss_func(emb, labels, miner(emb, labels))
    return f, _emb()


@entry("pytorch-metric-learning", "TripletMarginLoss with CosineSimilarity, ThresholdReducer, LpRegularizer")
def triplet_custom_distance_reducer():
    from pytorch_metric_learning import losses, reducers, regularizers
    from pytorch_metric_learning.distances import CosineSimilarity
    loss_func = losses.TripletMarginLoss(distance=CosineSimilarity(), reducer=reducers.ThresholdReducer(high=0.3),
                                         embedding_regularizer=regularizers.LpRegularizer())
    return loss_func, _emb()


@entry("pytorch-metric-learning", "ContrastiveLoss (pos_margin 0, neg_margin 1)")
def contrastive_loss():
    from pytorch_metric_learning import losses
    return losses.ContrastiveLoss(pos_margin=0, neg_margin=1), _emb()


@entry("pytorch-metric-learning", "SelfSupervisedLoss(NTXentLoss) on two views")
def ntxent_self_supervised():
    from pytorch_metric_learning import losses
    loss_func = losses.SelfSupervisedLoss(losses.NTXentLoss(temperature=0.07))
    return loss_func, (torch.randn(8, 16), torch.randn(8, 16))


@entry("pytorch-metric-learning", "MultiSimilarityLoss (alpha 2, beta 50, base 0.5)")
def multi_similarity_loss():
    from pytorch_metric_learning import losses
    return losses.MultiSimilarityLoss(alpha=2, beta=50, base=0.5), _emb()


@entry("pytorch-metric-learning", "SupConLoss (temperature 0.1)")
def supcon_loss():
    from pytorch_metric_learning import losses
    return losses.SupConLoss(temperature=0.1), _emb()


@entry("pytorch-metric-learning", "ArcFaceLoss (learned class weights) forward + backward")
def arcface_loss():
    from pytorch_metric_learning import losses
    loss_func = losses.ArcFaceLoss(num_classes=4, embedding_size=16)

    def f(emb, labels):
        loss = loss_func(emb, labels)
        loss.backward()
        return loss
    return f, _emb()


@entry("pytorch-metric-learning", "ProxyAnchorLoss (learned proxies)")
def proxy_anchor_loss():
    from pytorch_metric_learning import losses
    return losses.ProxyAnchorLoss(num_classes=4, embedding_size=16), _emb()


@entry("pytorch-metric-learning", "CrossBatchMemory(ContrastiveLoss, memory 32) with a MultiSimilarityMiner")
def cross_batch_memory():
    from pytorch_metric_learning import losses, miners
    loss_func = losses.CrossBatchMemory(losses.ContrastiveLoss(), embedding_size=16, memory_size=32,
                                        miner=miners.MultiSimilarityMiner())
    return loss_func, _emb()


# =================================================================== auraloss ==
# held-out set 3. Audio loss functions used the way auraloss's README shows: loss_fn(pred, target) on
# (batch, channels, samples) audio. MelSTFTLoss and scale="mel" need librosa (an extra): not used.
def _audio(b=2, c=1, n=8192):
    return torch.rand(b, c, n), torch.rand(b, c, n)


@entry("auraloss", "freq.MultiResolutionSTFTLoss() with the default resolutions (the README usage)")
def mrstft_default():
    import auraloss
    return auraloss.freq.MultiResolutionSTFTLoss(), _audio()


@entry("auraloss", "freq.STFTLoss() (single resolution, spectral convergence + log magnitude)")
def stft_loss():
    import auraloss
    return auraloss.freq.STFTLoss(), _audio()


@entry("auraloss", "freq.MultiResolutionSTFTLoss with perceptual (A-)weighting at 44.1 kHz (README 'NEW' example, no mel)")
def mrstft_perceptual_weighting():
    import auraloss
    loss_fn = auraloss.freq.MultiResolutionSTFTLoss(fft_sizes=[256, 512, 1024], hop_sizes=[64, 128, 256],
                                                    win_lengths=[256, 512, 1024], sample_rate=44100,
                                                    perceptual_weighting=True)
    return loss_fn, _audio()


@entry("auraloss", "freq.RandomResolutionSTFTLoss (3 random resolutions, fft sizes up to 2048)")
def random_resolution_stft():
    import auraloss
    return auraloss.freq.RandomResolutionSTFTLoss(resolutions=3, max_fft_size=2048), _audio()


@entry("auraloss", "freq.SumAndDifferenceSTFTLoss on stereo audio")
def sum_and_difference_stft():
    import auraloss
    loss_fn = auraloss.freq.SumAndDifferenceSTFTLoss(fft_sizes=[1024, 2048, 512], hop_sizes=[120, 240, 50],
                                                     win_lengths=[600, 1200, 240])
    return loss_fn, _audio(c=2)


@entry("auraloss", "perceptual.FIRFilter('aw') pre-emphasis, then time.ESRLoss")
def fir_filter_esr():
    import auraloss
    fir = auraloss.perceptual.FIRFilter(filter_type="aw", fs=44100)
    esr = auraloss.time.ESRLoss()

    def f(pred, target):
        pred, target = fir(pred, target)
        return esr(pred, target)
    return f, _audio()


@entry("auraloss", "time.ESRLoss + time.DCLoss (the Wright & Valimaki pair)")
def esr_dc_loss():
    import auraloss
    esr, dc = auraloss.time.ESRLoss(), auraloss.time.DCLoss()

    def f(pred, target):
        return esr(pred, target) + dc(pred, target)
    return f, _audio()


@entry("auraloss", "time.LogCoshLoss")
def logcosh_loss():
    import auraloss
    return auraloss.time.LogCoshLoss(), _audio()


@entry("auraloss", "time.SISDRLoss (scale-invariant SDR)")
def sisdr_loss():
    import auraloss
    return auraloss.time.SISDRLoss(), _audio()


@entry("auraloss", "time.SNRLoss + time.SDSDRLoss")
def snr_sdsdr_loss():
    import auraloss
    snr, sdsdr = auraloss.time.SNRLoss(), auraloss.time.SDSDRLoss()

    def f(pred, target):
        return snr(pred, target) + sdsdr(pred, target)
    return f, _audio()


# ============================================================ torch-optimizer ==
# held-out set 3. optimizer.step() compiled on its own (PyTorch's "compile the optimizer" recipe): the
# gradients of a small MLP are computed once in the builder, each call is one step. The optimizers are
# every third entry of the README's list (A2GradExp, AccSGD, AdaMod, AdamP, DiffGrad, MADGRAD, QHAdam,
# SGDP, Shampoo), leaving out Ranger/RangerQH/RangerVA (they live in the pytorch_ranger package); the
# keyword arguments are the README's examples.
def _optim_step(cls_name, **kw):
    import torch_optimizer
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.Tanh(), torch.nn.Linear(16, 4))
    model(torch.randn(16, 8)).pow(2).mean().backward()
    opt = getattr(torch_optimizer, cls_name)(model.parameters(), **kw)

    def step():
        opt.step()
    return step, ()


@entry("torch-optimizer", "A2GradExp.step (beta 10, lips 10, rho 0.5)")
def a2grad_exp_step():
    # the README also passes kappa=1000.0, which A2GradExp 0.3.0 does not accept
    return _optim_step("A2GradExp", beta=10.0, lips=10.0, rho=0.5)


@entry("torch-optimizer", "AccSGD.step")
def accsgd_step():
    return _optim_step("AccSGD", lr=1e-3, kappa=1000.0, xi=10.0, small_const=0.7, weight_decay=0)


@entry("torch-optimizer", "AdaMod.step")
def adamod_step():
    return _optim_step("AdaMod", lr=1e-3, betas=(0.9, 0.999), beta3=0.999, eps=1e-8, weight_decay=0)


@entry("torch-optimizer", "AdamP.step")
def adamp_step():
    return _optim_step("AdamP", lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, delta=0.1, wd_ratio=0.1)


@entry("torch-optimizer", "DiffGrad.step (the README's simple example)")
def diffgrad_step():
    return _optim_step("DiffGrad", lr=0.001)


@entry("torch-optimizer", "MADGRAD.step")
def madgrad_step():
    return _optim_step("MADGRAD", lr=1e-2, momentum=0.9, weight_decay=0, eps=1e-6)


@entry("torch-optimizer", "QHAdam.step")
def qhadam_step():
    return _optim_step("QHAdam", lr=1e-3, betas=(0.9, 0.999), nus=(1.0, 1.0), weight_decay=0,
                       decouple_weight_decay=False, eps=1e-8)


@entry("torch-optimizer", "SGDP.step (weight decay 1e-2)")
def sgdp_step():
    return _optim_step("SGDP", lr=1e-3, momentum=0, dampening=0, weight_decay=1e-2, nesterov=False, delta=0.1,
                       wd_ratio=0.1)


@entry("torch-optimizer", "Shampoo.step (update_freq 1)")
def shampoo_step():
    return _optim_step("Shampoo", lr=1e-1, momentum=0.0, weight_decay=0.0, epsilon=1e-4, update_freq=1)


# ================================================================ pytorch-crf ==
# held-out set 3. torchcrf.CRF as in its docs: crf(emissions, tags, mask=..., reduction=...) gives the
# log likelihood, crf.decode(emissions, mask=...) the Viterbi paths (lists of ints). Masks are torch.bool:
# with the docs' uint8 (ByteTensor) masks, and with mask=None (the package then builds a uint8 mask itself),
# torch.compile crashes on torch.where ("expected predicate to be bool, got torch.uint8") in
# torch 2.13, so the first collect recorded compile-error for all five entry points.
def _crf_batch(batch_first=False, t=6, b=3, k=5):
    shape = (b, t) if batch_first else (t, b)
    emissions = torch.randn(*shape, k)
    tags = torch.randint(0, k, shape)
    lengths = torch.tensor([6, 4, 2])
    mask = (torch.arange(t)[None, :] < lengths[:, None])  # (b, t)
    mask = mask if batch_first else mask.t()
    return emissions, tags, mask


@entry("pytorch-crf", "CRF(5) log likelihood, all-true mask, default reduction (sum)")
def crf_log_likelihood():
    from torchcrf import CRF
    crf = CRF(5)
    emissions, tags, _ = _crf_batch()
    return crf, (emissions, tags), {"mask": torch.ones(tags.shape, dtype=torch.bool)}


@entry("pytorch-crf", "CRF(batch_first) log likelihood with a padding mask, reduction token_mean")
def crf_masked_token_mean():
    from torchcrf import CRF
    crf = CRF(5, batch_first=True)
    emissions, tags, mask = _crf_batch(batch_first=True)
    return crf, (emissions, tags), {"mask": mask, "reduction": "token_mean"}


@entry("pytorch-crf", "tagger training loss: Linear emissions + CRF negative log likelihood (reduction mean, mask)")
def crf_tagger_nll():
    from torchcrf import CRF
    emit = torch.nn.Linear(8, 5)
    crf = CRF(5, batch_first=True)
    _, tags, mask = _crf_batch(batch_first=True)

    def f(feats, tags, mask):
        return -crf(emit(feats), tags, mask=mask, reduction="mean")
    return f, (torch.randn(3, 6, 8), tags, mask)


@entry("pytorch-crf", "CRF.decode (Viterbi), all-true mask")
def crf_decode():
    from torchcrf import CRF
    crf = CRF(5)
    emissions, _, _ = _crf_batch()
    return crf.decode, (emissions,), {"mask": torch.ones(emissions.shape[:2], dtype=torch.bool)}


@entry("pytorch-crf", "CRF(batch_first).decode with a padding mask")
def crf_decode_masked():
    from torchcrf import CRF
    crf = CRF(5, batch_first=True)
    emissions, _, mask = _crf_batch(batch_first=True)
    return crf.decode, (emissions,), {"mask": mask}


# ============================================================= pytorch-tabnet ==
# held-out set 3. The networks behind TabNetClassifier / TabNetRegressor / TabNetMultiTaskClassifier /
# TabNetPretrainer (pytorch_tabnet.tab_network), built with the README's parameters and driven the way
# the fit loop's _train_batch drives them (loss - lambda_sparse * M_loss). The sklearn-style fit() runs
# numpy/DataLoader code outside the model and is not compiled.
# pytorch_tabnet.utils (and so tab_model, pretraining, augmentations) imports pandas, which the package does
# not declare and the venv does not have (installing it could change optional code paths of the dev
# packages), so the entry points import tab_network / metrics only and build the group matrix that
# utils.create_group_matrix(list_groups, input_dim) would return by hand.
def _group_matrix(groups, input_dim):
    if not groups:
        return torch.eye(input_dim)
    rest = [i for i in range(input_dim) if not any(i in g for g in groups)]
    m = torch.zeros(len(groups) + len(rest), input_dim)
    for r, g in enumerate(groups):
        m[r, list(g)] = 1 / len(g)
    for r, i in enumerate(rest, len(groups)):
        m[r, i] = 1
    return m


def _tabnet(input_dim=10, output_dim=3, groups=(), **kw):
    from pytorch_tabnet.tab_network import TabNet
    kw.setdefault("virtual_batch_size", 16)
    return TabNet(input_dim, output_dim, n_d=8, n_a=8, n_steps=3, gamma=1.3,
                  group_attention_matrix=_group_matrix(groups, input_dim), **kw)


def _tab_x(n=32, d=10):
    return torch.randn(n, d)


@entry("pytorch-tabnet", "TabNet classifier training loss (sparsemax masks, ghost batch norm): CE - 1e-3 * M_loss")
def tabnet_classifier_train():
    net = _tabnet().train()

    def f(x, y):
        out, m_loss = net(x)
        return torch.nn.functional.cross_entropy(out, y) - 1e-3 * m_loss
    return f, (_tab_x(), torch.randint(0, 3, (32,)))


@entry("pytorch-tabnet", "TabNet regressor (mask_type entmax) eval forward + MSE")
def tabnet_regressor_entmax():
    net = _tabnet(output_dim=1, mask_type="entmax").eval()

    def f(x, y):
        out, _ = net(x)
        return torch.nn.functional.mse_loss(out, y)
    return f, (_tab_x(), torch.randn(32, 1))


@entry("pytorch-tabnet", "TabNet with categorical embeddings (cat_idxs, cat_dims, cat_emb_dim), training forward")
def tabnet_categorical_embeddings():
    net = _tabnet(cat_idxs=[0, 3], cat_dims=[4, 6], cat_emb_dim=[2, 3]).train()
    x = _tab_x()
    x[:, 0] = torch.randint(0, 4, (32,)).float()
    x[:, 3] = torch.randint(0, 6, (32,)).float()
    return net, (x,)


@entry("pytorch-tabnet", "TabNet with grouped_features (attention per group), training forward")
def tabnet_grouped_features():
    net = _tabnet(groups=[(0, 1, 2), (5, 6)]).train()
    return net, (_tab_x(),)


@entry("pytorch-tabnet", "multi-task TabNet (output_dim [3, 2], as TabNetMultiTaskClassifier): sum of CE losses")
def tabnet_multitask():
    net = _tabnet(output_dim=[3, 2]).train()

    def f(x, y):
        outs, m_loss = net(x)
        loss = sum(torch.nn.functional.cross_entropy(o, y[:, i]) for i, o in enumerate(outs))
        return loss - 1e-3 * m_loss
    return f, (_tab_x(), torch.stack([torch.randint(0, 3, (32,)), torch.randint(0, 2, (32,))], 1))


@entry("pytorch-tabnet", "TabNet.forward_masks (what explain() uses), eval")
def tabnet_forward_masks():
    net = _tabnet().eval()
    return net.forward_masks, (_tab_x(),)


@entry("pytorch-tabnet", "TabNetPretraining (pretraining_ratio 0.8) training forward + metrics.UnsupervisedLoss")
def tabnet_pretraining_loss():
    from pytorch_tabnet.metrics import UnsupervisedLoss
    from pytorch_tabnet.tab_network import TabNetPretraining
    net = TabNetPretraining(10, pretraining_ratio=0.8, n_d=8, n_a=8, n_steps=3, virtual_batch_size=16,
                            group_attention_matrix=_group_matrix((), 10)).train()

    def f(x):
        out, embedded_x, obf_vars = net(x)
        return UnsupervisedLoss(out, embedded_x, obf_vars)
    return f, (_tab_x(),)


# ==================================================================== mambapy ==
# held-out set 3. mamba.py (pure PyTorch Mamba with a parallel scan) as in its README: Mamba on
# (B, L, D), Mamba.step, Jamba and Vision Mamba, tiny configs. Mamba-2 needs CUDA (mamba_ssm), and
# mambapy.lm imports mamba2 at the top, so the LM wrapper cannot be imported here: the two language-model
# entry points put the embedding / head around Mamba themselves, as lm.LM.forward and lm.LM.step do.
@entry("mambapy", "Mamba(MambaConfig(d_model=16, n_layers=2)) forward on (2, 64, 16) (the README example)")
def mamba_forward():
    from mambapy.mamba import Mamba, MambaConfig
    model = Mamba(MambaConfig(d_model=16, n_layers=2))
    return model, (torch.randn(2, 64, 16),)


@entry("mambapy", "Mamba with pscan=False (sequential selective scan) forward")
def mamba_sequential_scan():
    from mambapy.mamba import Mamba, MambaConfig
    model = Mamba(MambaConfig(d_model=16, n_layers=2, pscan=False))
    return model, (torch.randn(2, 16, 16),)


@entry("mambapy", "pscan.pscan on (B, L=48, D, N): sequence length not a power of two (padded)")
def pscan_not_pow2():
    from mambapy.pscan import pscan
    return pscan, (torch.rand(2, 48, 8, 4), torch.randn(2, 48, 8, 4))


@entry("mambapy", "Embedding + Mamba + RMSNorm + Linear head (as lm.LM.forward), next-token cross entropy")
def mamba_lm_training_loss():
    from mambapy.mamba import Mamba, MambaConfig, RMSNorm
    cfg = MambaConfig(d_model=16, n_layers=2)
    emb, mamba, norm, head = (torch.nn.Embedding(64, 16, padding_idx=0), Mamba(cfg), RMSNorm(16, cfg.rms_norm_eps),
                              torch.nn.Linear(16, 64, bias=False))

    def f(tokens):
        logits = head(norm(mamba(emb(tokens[:, :-1]))))
        return torch.nn.functional.cross_entropy(logits.reshape(-1, 64), tokens[:, 1:].reshape(-1))
    return f, (torch.randint(1, 64, (2, 17)),)


@entry("mambapy", "Mamba.step decoding 4 tokens with the (h, conv inputs) caches, as lm.LM.generate does", calls=1)
def mamba_step_decode():
    from mambapy.mamba import Mamba, MambaConfig
    cfg = MambaConfig(d_model=16, n_layers=2)
    emb, mamba, head = torch.nn.Embedding(64, 16), Mamba(cfg).eval(), torch.nn.Linear(16, 64, bias=False)

    def f(tokens):
        caches = [(None, torch.zeros(tokens.size(0), cfg.d_inner, cfg.d_conv - 1)) for _ in range(cfg.n_layers)]
        out = []
        with torch.no_grad():
            for i in range(tokens.size(1)):
                x, caches = mamba.step(emb(tokens[:, i]), caches)
                out.append(head(x))
        return torch.stack(out, 1)
    return f, (torch.randint(1, 64, (2, 4)),)


def _tiny_jamba():
    from mambapy.jamba import JambaLM, JambaLMConfig
    cfg = JambaLMConfig(d_model=16, n_layers=2, mlp_size=32, num_attention_heads=4, num_key_value_heads=2,
                        num_experts=4, num_experts_per_tok=2, attn_layer_offset=1, attn_layer_period=2,
                        expert_layer_offset=1, expert_layer_period=2, vocab_size=64)
    return JambaLM(cfg), cfg


@entry("mambapy", "JambaLM (1 Mamba + 1 attention layer, 4-expert MoE) forward + CE + load_balancing_loss")
def jamba_training_loss():
    from mambapy.jamba import load_balancing_loss
    model, cfg = _tiny_jamba()

    def f(tokens):
        logits, router_logits = model(tokens[:, :-1])
        ce = torch.nn.functional.cross_entropy(logits.reshape(-1, 64), tokens[:, 1:].reshape(-1))
        return ce + 0.01 * load_balancing_loss(router_logits, cfg.num_experts, cfg.num_experts_per_tok)
    return f, (torch.randint(1, 64, (2, 17)),)


@entry("mambapy", "JambaLM.step decoding 3 tokens with get_empty_cache caches, as generate() does", calls=1)
def jamba_step_decode():
    model, cfg = _tiny_jamba()
    model.eval()

    def f(tokens):
        caches = [model.jamba.layers[i].get_empty_cache(tokens.size(0), tokens.device) for i in range(cfg.n_layers)]
        out = []
        with torch.no_grad():
            for i in range(tokens.size(1)):
                logits, caches = model.step(tokens[:, [i]], caches)
                out.append(logits)
        return torch.cat(out, 1)
    return f, (torch.randint(1, 64, (2, 3)),)


@entry("mambapy", "vim.VMamba (bidirectional Vision Mamba blocks) forward on patch tokens")
def vim_forward():
    from mambapy.vim import MambaConfig, VMamba
    model = VMamba(MambaConfig(d_model=16, n_layers=2))
    return model, (torch.randn(2, 16, 16),)


# ============================================ held-out set 3, second batch ==
# Added 2026-11-21 by a helper blind to graphlint, because the first five set-3 packages had only 7
# default-family sites. Registered here, at the end of the file, and not in the PACKAGES literal above,
# so that the entry_points.py line numbers recorded for unattributed breaks of earlier entry points
# do not move. Held out until its first measurement (README.md); dev since then.
PACKAGES.update({
    "torchkbnufft": {"dirs": ["torchkbnufft"], "split": "dev"},
    "geomloss": {"dirs": ["geomloss"], "split": "dev"},
    "snntorch": {"dirs": ["snntorch"], "split": "dev"},
    "torch-pme": {"dirs": ["torchpme"], "split": "dev"},
})


# =============================================================== torchkbnufft ==
# held-out set 3 (second batch, added 2026-11-21). Non-uniform FFT for MRI as in torchkbnufft's README:
# KbNufft / KbNufftAdjoint on a (batch, coil, ny, nx) complex image and a (2, klength) radial
# trajectory, SENSE maps, density compensation, sparse interpolation matrices and the Toeplitz NUFFT.
def _kb_traj(spokes=8, klength=64):
    import math
    ang = torch.arange(spokes) * math.pi / spokes
    r = torch.linspace(-math.pi, math.pi, klength)
    return torch.stack(((r[None] * torch.sin(ang)[:, None]).flatten(), (r[None] * torch.cos(ang)[:, None]).flatten()))


def _kb_image(coils=1, n=32):
    return torch.randn(1, coils, n, n, dtype=torch.complex64)


@entry("torchkbnufft", "KbNufft(im_size=(32, 32)) forward on a radial trajectory (the README example)")
def kbnufft_forward():
    import torchkbnufft as tkbn
    return tkbn.KbNufft(im_size=(32, 32)), (_kb_image(), _kb_traj())


@entry("torchkbnufft", "SENSE-NUFFT: KbNufft with 4-coil sensitivity maps (smaps=)")
def kbnufft_sense_forward():
    import torchkbnufft as tkbn
    nufft_ob = tkbn.KbNufft(im_size=(32, 32))
    smaps = torch.rand(1, 4, 32, 32) + 1j * torch.rand(1, 4, 32, 32)
    return nufft_ob, (_kb_image(), _kb_traj()), {"smaps": smaps.to(torch.complex64)}


@entry("torchkbnufft", "KbNufftAdjoint on density-compensated k-space (dcomp from calc_density_compensation_function)")
def kbnufft_adjoint_dcomp():
    import torchkbnufft as tkbn
    ktraj = _kb_traj()
    adj = tkbn.KbNufftAdjoint(im_size=(32, 32))
    dcomp = tkbn.calc_density_compensation_function(ktraj=ktraj, im_size=(32, 32))
    kdata = tkbn.KbNufft(im_size=(32, 32))(_kb_image(), ktraj)

    def f(kdata, ktraj):
        return adj(kdata * dcomp, ktraj)
    return f, (kdata, ktraj)


@entry("torchkbnufft", "KbNufftAdjoint with precomputed sparse interpolation matrices (calc_tensor_spmatrix)")
def kbnufft_adjoint_sparse():
    import torchkbnufft as tkbn
    ktraj = _kb_traj()
    adj = tkbn.KbNufftAdjoint(im_size=(32, 32))
    interp_mats = tkbn.calc_tensor_spmatrix(ktraj, im_size=(32, 32))
    kdata = tkbn.KbNufft(im_size=(32, 32))(_kb_image(), ktraj)
    return adj, (kdata, ktraj, interp_mats)


@entry("torchkbnufft", "ToepNufft with a precomputed embedded Toeplitz kernel (calc_toeplitz_kernel)")
def toep_nufft():
    import torchkbnufft as tkbn
    kernel = tkbn.calc_toeplitz_kernel(_kb_traj(), (32, 32))
    return tkbn.ToepNufft(), (_kb_image(), kernel)


@entry("torchkbnufft", "one gradient step of NUFFT reconstruction: x - 0.1 * A^H (A x - y) with KbNufft / KbNufftAdjoint")
def nufft_recon_grad_step():
    import torchkbnufft as tkbn
    ktraj = _kb_traj()
    A, AH = tkbn.KbNufft(im_size=(32, 32)), tkbn.KbNufftAdjoint(im_size=(32, 32))
    y = A(_kb_image(), ktraj)

    def f(x, y, ktraj):
        return x - 0.1 * AH(A(x, ktraj) - y, ktraj)
    return f, (torch.zeros(1, 1, 32, 32, dtype=torch.complex64), y, ktraj)


# =================================================================== geomloss ==
# held-out set 3 (second batch). Optimal-transport and kernel losses between point clouds with
# geomloss.SamplesLoss as its docs show (loss(x, y), loss(a, x, b, y), potentials=True), and the
# grid-based sinkhorn_divergence. pykeops is not installed, so backend "auto" uses the tensorized code.
@entry("geomloss", "SamplesLoss('sinkhorn', p=2, blur=.05) between two 3-D point clouds (the docs example)")
def sinkhorn_loss():
    from geomloss import SamplesLoss
    return SamplesLoss(loss="sinkhorn", p=2, blur=.05), (torch.rand(64, 3), torch.rand(80, 3))


@entry("geomloss", "Sinkhorn loss and its gradient w.r.t. the source points (the docs' gradient flow step)")
def sinkhorn_gradient_step():
    from geomloss import SamplesLoss
    loss = SamplesLoss(loss="sinkhorn", p=2, blur=.05)

    def f(x, y):
        x = x.clone().requires_grad_(True)
        L = loss(x, y)
        g, = torch.autograd.grad(L, [x])
        return x.detach() - 0.5 * g
    return f, (torch.rand(64, 2), torch.rand(80, 2))


@entry("geomloss", "unbalanced Sinkhorn (reach=0.3) between weighted measures: loss(a, x, b, y)")
def unbalanced_weighted_sinkhorn():
    from geomloss import SamplesLoss
    loss = SamplesLoss(loss="sinkhorn", p=2, blur=.05, reach=.3)
    a, b = torch.rand(50).softmax(0), torch.rand(70).softmax(0)
    return loss, (a, torch.rand(50, 2), b, torch.rand(70, 2))


@entry("geomloss", "batched Sinkhorn (p=1, debias) returning the dual potentials (potentials=True)")
def sinkhorn_batched_potentials():
    from geomloss import SamplesLoss
    loss = SamplesLoss(loss="sinkhorn", p=1, blur=.1, potentials=True)
    return loss, (torch.rand(2, 40, 2), torch.rand(2, 60, 2))


@entry("geomloss", "entropic OT without debiasing ('SoftAssign'): SamplesLoss('sinkhorn', blur=.05, debias=False)")
def sinkhorn_no_debias():
    # written first as SamplesLoss('hausdorff', ...), which raises KeyError in eager mode in geomloss
    # 0.3.1 (its kernel routine gets name=None); replaced before the first collect
    from geomloss import SamplesLoss
    return SamplesLoss(loss="sinkhorn", p=2, blur=.05, debias=False), (torch.rand(64, 3), torch.rand(80, 3))


@entry("geomloss", "kernel MMDs: SamplesLoss 'energy' + 'gaussian' (blur .5) + 'laplacian' (blur .5)")
def kernel_mmd_losses():
    from geomloss import SamplesLoss
    energy = SamplesLoss("energy")
    gauss = SamplesLoss("gaussian", blur=.5)
    lap = SamplesLoss("laplacian", blur=.5)

    def f(x, y):
        return energy(x, y) + gauss(x, y) + lap(x, y)
    return f, (torch.rand(64, 3), torch.rand(80, 3))


@entry("geomloss", "Sinkhorn with backend='tensorized' and a user cost function (batched L1 cost matrix, scaling .9)")
def sinkhorn_custom_cost():
    # written first as the grid-based sinkhorn_divergence on two 32x32 images, which needs pykeops
    # (ImportError in eager mode); replaced before the first collect
    from geomloss import SamplesLoss

    def l1_cost(x, y):
        return (x[:, :, None, :] - y[:, None, :, :]).abs().sum(-1)
    loss = SamplesLoss(loss="sinkhorn", p=1, blur=.05, scaling=.9, cost=l1_cost, backend="tensorized")
    return loss, (torch.rand(64, 2), torch.rand(80, 2))


# =================================================================== snntorch ==
# held-out set 3 (second batch). Spiking neural networks as in snntorch's README and tutorials: layers
# of Leaky / Synaptic / RLeaky / SConv2dLSTM neurons stepped over time, init_hidden networks reset with
# utils.reset, spikegen encoders and the rate-coded losses of snntorch.functional.
def _snn_data(steps=10, b=4, n=16):
    return (torch.rand(steps, b, n) > 0.7).float()


class _SnnNet(torch.nn.Module):
    """The README network: Linear -> Leaky -> Linear -> Leaky, stepped num_steps times."""

    def __init__(self, n_in=16, n_hidden=32, n_out=4, beta=0.9):
        import snntorch as snn
        from snntorch import surrogate
        super().__init__()
        spike_grad = surrogate.fast_sigmoid(slope=25)
        self.fc1, self.fc2 = torch.nn.Linear(n_in, n_hidden), torch.nn.Linear(n_hidden, n_out)
        self.lif1 = snn.Leaky(beta=beta, spike_grad=spike_grad)
        self.lif2 = snn.Leaky(beta=beta, spike_grad=spike_grad)

    def forward(self, x):
        mem1, mem2 = self.lif1.init_leaky(), self.lif2.init_leaky()
        spk_rec, mem_rec = [], []
        for step in range(x.size(0)):
            spk1, mem1 = self.lif1(self.fc1(x[step]), mem1)
            spk2, mem2 = self.lif2(self.fc2(spk1), mem2)
            spk_rec.append(spk2)
            mem_rec.append(mem2)
        return torch.stack(spk_rec), torch.stack(mem_rec)


@entry("snntorch", "two-layer Leaky SNN (fast_sigmoid surrogate) over 10 steps (the README network)")
def leaky_net_forward():
    return _SnnNet(), (_snn_data(),)


@entry("snntorch", "SNN training loss: functional.ce_rate_loss on the spike record + backward")
def leaky_ce_rate_loss_backward():
    import snntorch.functional as SF
    net, loss_fn = _SnnNet(), SF.ce_rate_loss()

    def f(x, targets):
        spk_rec, _ = net(x)
        loss = loss_fn(spk_rec, targets)
        loss.backward()
        return loss.detach()
    return f, (_snn_data(), torch.randint(0, 4, (4,)))


@entry("snntorch", "functional.mse_count_loss(0.8, 0.2) + functional.accuracy_rate on a spike record")
def mse_count_loss_accuracy():
    import snntorch.functional as SF
    loss_fn = SF.mse_count_loss(correct_rate=0.8, incorrect_rate=0.2)

    def f(spk_rec, targets):
        return loss_fn(spk_rec, targets), SF.accuracy_rate(spk_rec, targets)
    return f, ((torch.rand(10, 4, 4) > 0.5).float(), torch.randint(0, 4, (4,)))


@entry("snntorch", "Synaptic(alpha 0.9, beta 0.8) neurons stepped over 10 steps (init_synaptic)")
def synaptic_forward():
    import snntorch as snn
    fc, lif = torch.nn.Linear(16, 8), snn.Synaptic(alpha=0.9, beta=0.8)

    def f(x):
        syn, mem = lif.init_synaptic()
        out = []
        for step in range(x.size(0)):
            spk, syn, mem = lif(fc(x[step]), syn, mem)
            out.append(spk)
        return torch.stack(out)
    return f, (_snn_data(),)


@entry("snntorch", "RLeaky (recurrent, linear_features 8) stepped over 10 steps (init_rleaky)")
def rleaky_forward():
    import snntorch as snn
    fc, lif = torch.nn.Linear(16, 8), snn.RLeaky(beta=0.9, linear_features=8)

    def f(x):
        spk, mem = lif.init_rleaky()
        out = []
        for step in range(x.size(0)):
            spk, mem = lif(fc(x[step]), spk, mem)
            out.append(spk)
        return torch.stack(out)
    return f, (_snn_data(),)


@entry("snntorch", "convolutional SNN: nn.Sequential with Leaky(init_hidden=True, output=True), utils.reset, 5 steps")
def conv_snn_init_hidden():
    import snntorch as snn
    from snntorch import surrogate, utils
    spike_grad = surrogate.atan()
    net = torch.nn.Sequential(
        torch.nn.Conv2d(1, 4, 5), torch.nn.MaxPool2d(2),
        snn.Leaky(beta=0.5, spike_grad=spike_grad, init_hidden=True),
        torch.nn.Flatten(), torch.nn.Linear(4 * 6 * 6, 4),
        snn.Leaky(beta=0.5, spike_grad=spike_grad, init_hidden=True, output=True))

    def f(data):
        utils.reset(net)
        spk_rec = []
        for step in range(data.size(0)):
            spk_out, mem_out = net(data[step])
            spk_rec.append(spk_out)
        return torch.stack(spk_rec)
    return f, ((torch.rand(5, 2, 1, 16, 16) > 0.5).float(),)


@entry("snntorch", "SConv2dLSTM(1, 4, 3, max_pool 2) stepped over 5 steps (init_sconv2dlstm)")
def sconv2dlstm_forward():
    import snntorch as snn
    lif = snn.SConv2dLSTM(in_channels=1, out_channels=4, kernel_size=3, max_pool=2)

    def f(data):
        syn, mem = lif.init_sconv2dlstm()
        out = []
        for step in range(data.size(0)):
            spk, syn, mem = lif(data[step], syn, mem)
            out.append(spk)
        return torch.stack(out)
    return f, (torch.rand(5, 2, 1, 16, 16),)


@entry("snntorch", "spikegen.rate (10 steps) and spikegen.latency (tau 5, threshold 0.01, normalize, linear)")
def spikegen_rate_latency():
    from snntorch import spikegen

    def f(data):
        return (spikegen.rate(data, num_steps=10),
                spikegen.latency(data, num_steps=10, tau=5, threshold=0.01, normalize=True, linear=True))
    return f, (torch.rand(4, 16),)


# ================================================================== torch-pme ==
# held-out set 3 (second batch). Long-range electrostatics with torch-pme as in its README: a
# calculator's forward(charges, cell, positions, neighbor_indices, neighbor_distances) on 8 charged
# atoms in a cubic box, energy = sum(charges * potentials), forces by autograd. The half neighbor list
# (cutoff 3) is built by brute force with the minimum image in the builder (the README uses vesin, not
# installed); distances are recomputed from positions inside the compiled function so that forces flow.
def _pme_system(n=8, box=6.0, cutoff=3.0):
    positions = torch.rand(n, 3) * box
    cell = box * torch.eye(3)
    charges = torch.tensor([1.0, -1.0] * (n // 2)).reshape(-1, 1)
    i, j = torch.triu_indices(n, n, 1)
    d = positions[j] - positions[i]
    shifts = -torch.round(d / box)
    dist = (d + shifts @ cell).norm(dim=-1)
    keep = dist < cutoff
    return charges, cell, positions, torch.stack((i[keep], j[keep]), 1), shifts[keep]


def _pme_energy_forces(calculator):
    charges, cell, positions, nl, shifts = _pme_system()

    def f(charges, cell, positions):
        positions = positions.clone().requires_grad_(True)
        dist = (positions[nl[:, 1]] - positions[nl[:, 0]] + shifts @ cell).norm(dim=-1)
        pot = calculator.forward(charges=charges, cell=cell, positions=positions, neighbor_indices=nl,
                                 neighbor_distances=dist)
        energy = torch.sum(charges * pot)
        forces, = torch.autograd.grad(-energy, [positions])
        return energy.detach(), forces
    return f, (charges, cell, positions)


@entry("torch-pme", "EwaldCalculator(CoulombPotential(smearing 1.0), lr_wavelength 0.5) potentials")
def ewald_potentials():
    import torchpme
    calc = torchpme.EwaldCalculator(torchpme.CoulombPotential(smearing=1.0), lr_wavelength=0.5)
    charges, cell, positions, nl, shifts = _pme_system()
    dist = (positions[nl[:, 1]] - positions[nl[:, 0]] + shifts @ cell).norm(dim=-1)
    return calc, (charges, cell, positions, nl, dist)


@entry("torch-pme", "PMECalculator(CoulombPotential(smearing 1.0), mesh_spacing 0.5): energy and forces")
def pme_energy_forces():
    import torchpme
    return _pme_energy_forces(torchpme.PMECalculator(torchpme.CoulombPotential(smearing=1.0), mesh_spacing=0.5))


@entry("torch-pme", "P3MCalculator(CoulombPotential(smearing 1.0), mesh_spacing 0.5): energy and forces (the README flow)")
def p3m_energy_forces():
    import torchpme
    return _pme_energy_forces(torchpme.P3MCalculator(torchpme.CoulombPotential(smearing=1.0), mesh_spacing=0.5))


@entry("torch-pme", "EwaldCalculator with InversePowerLawPotential(exponent 6, smearing 1.0): energy and forces")
def ewald_inverse_power_law():
    import torchpme
    pot = torchpme.InversePowerLawPotential(exponent=6, smearing=1.0)
    return _pme_energy_forces(torchpme.EwaldCalculator(pot, lr_wavelength=0.5))


@entry("torch-pme", "base Calculator (real-space sum only, CoulombPotential without smearing) potentials")
def direct_coulomb():
    import torchpme
    calc = torchpme.Calculator(torchpme.CoulombPotential())
    charges, cell, positions, nl, shifts = _pme_system()
    dist = (positions[nl[:, 1]] - positions[nl[:, 0]] + shifts @ cell).norm(dim=-1)
    return calc, (charges, cell, positions, nl, dist)


# ==== held-out set 4 (chosen 2026-11-21 by a helper blind to graphlint); dev since its first measurement (FN/FP lists read)
# Registered here, at the end of the file, and not in the PACKAGES literal above, so that the
# entry_points.py line numbers recorded for unattributed breaks of earlier entry points do not move.
PACKAGES.update({
    "ptwt": {"dirs": ["ptwt"], "split": "dev"},
    "torch-kmeans": {"dirs": ["torch_kmeans"], "split": "dev"},
    "torchnmf": {"dirs": ["torchnmf"], "split": "dev"},
    "pytorch-minimize": {"dirs": ["torchmin"], "split": "dev"},
    "pytorch-tcn": {"dirs": ["pytorch_tcn"], "split": "dev"},
})


# ======================================================================= ptwt ==
# held-out set 4. Wavelet transforms with ptwt (PyTorch Wavelet Toolbox) as in its README and
# docstring examples: 1d/2d/3d fast wavelet transforms and their inverses, separable transforms,
# the continuous transform, sparse-matrix (boundary wavelet) transforms, wavelet packets, the
# stationary transform, and a learnable (soft-orthogonal) wavelet.
@entry("ptwt", "wavedec (haar, mode zero, level 2) + waverec on a batch of signals (the README example)")
def wavedec_waverec_1d():
    import ptwt
    import pywt

    def f(x):
        coeffs = ptwt.wavedec(x, pywt.Wavelet("haar"), mode="zero", level=2)
        return ptwt.waverec(coeffs, "haar")
    return f, (torch.randn(4, 64),)


@entry("ptwt", "wavedec2 (haar, level 2, mode constant) + waverec2 on a 3-channel image (the README 2d example)")
def wavedec2_waverec2():
    import ptwt

    def f(img):
        coeffs = ptwt.wavedec2(img, "haar", level=2, mode="constant")
        return ptwt.waverec2(coeffs, "haar")
    return f, (torch.rand(3, 32, 32, dtype=torch.float64),)


@entry("ptwt", "wavedec3 (haar, level 2, mode reflect) + waverec3 (the docstring example)")
def wavedec3_waverec3():
    import ptwt

    def f(vol):
        return ptwt.waverec3(ptwt.wavedec3(vol, "haar", level=2, mode="reflect"), "haar")
    return f, (torch.randn(2, 16, 16, 16),)


# ptwt.fswavedec2_roundtrip (fswaverec2(fswavedec2(x, "db2", level=2)) on (5, 16, 16)) was removed
# after the first collect: it recorded compile-error. Dynamo crashed (GB4315, "Attempting to permute
# a tensor of rank 3, but received a permutation of length 4") in ptwt._util._swap_axes once a size
# had become dynamic. The docstring example (haar, (5, 10, 10)) and fswavedec3 crash the same way,
# so the separable transforms have no entry point. These seven comment lines replace the entry
# point's seven lines, so that the lines of the entry points below (and the unattributed-break
# lines recorded for them) do not move.


@entry("ptwt", "cwt of a chirp with the mexican-hat wavelet over 16 scales (the cwt docstring example, shorter)")
def cwt_mexh():
    import numpy as np
    import ptwt
    t = np.linspace(-2, 2, 256, endpoint=False)
    sig = np.cos(2 * np.pi * (1 + 2.75 * (t + 2)) * (t + 2))  # linear chirp 1 -> 12 Hz
    widths = np.arange(1, 17)

    def f(x):
        return ptwt.cwt(x, widths, "mexh", sampling_period=(4 / 256) * np.pi)
    return f, (torch.from_numpy(sig).unsqueeze(0),)


@entry("ptwt", "MatrixWavedec + MatrixWaverec (sparse-matrix boundary wavelets, haar, level 2; the README example)")
def matrix_wavedec_waverec():
    import ptwt
    dec = ptwt.MatrixWavedec("haar", level=2)
    rec = ptwt.MatrixWaverec("haar")

    def f(x):
        return rec(dec(x))
    return f, (torch.arange(16, dtype=torch.float32),)


@entry("ptwt", "MatrixWavedec2 + MatrixWaverec2 (separable, db2, level 2) on a 3-channel image")
def matrix_wavedec2_waverec2():
    import ptwt
    dec = ptwt.MatrixWavedec2("db2", level=2)
    rec = ptwt.MatrixWaverec2("db2")

    def f(img):
        return rec(dec(img))
    return f, (torch.rand(3, 32, 32),)


@entry("ptwt", "WaveletPacket (db3, reflect): all level-3 nodes of a chirp stacked (the WaveletPacket docstring example)")
def wavelet_packet_1d():
    import numpy as np
    import ptwt
    import pywt
    t = np.linspace(0, 10, 256)
    w = np.cos(2 * np.pi * (1 + 2.45 * t) * t).astype(np.float32)

    def f(x):
        wp = ptwt.WaveletPacket(data=x, wavelet=pywt.Wavelet("db3"), mode="reflect")
        return torch.stack([wp[node] for node in wp.get_level(3)]).squeeze()
    return f, (torch.from_numpy(w),)


@entry("ptwt", "WaveletPacket2D (haar, reflect, maxlevel 2): level-2 nodes in natural order")
def wavelet_packet_2d():
    import ptwt

    def f(img):
        wp = ptwt.WaveletPacket2D(img, "haar", mode="reflect", maxlevel=2)
        return torch.stack([wp[node] for node in ptwt.WaveletPacket2D.get_natural_order(2)], 1)
    return f, (torch.rand(2, 32, 32),)


@entry("ptwt", "swt + iswt (stationary wavelet transform, db2, level 2)")
def swt_iswt():
    import ptwt

    def f(x):
        return ptwt.iswt(ptwt.swt(x, "db2", level=2), "db2")
    return f, (torch.randn(2, 64),)


@entry("ptwt", "learnable SoftOrthogonalWavelet (from db2 filters): reconstruction loss + wavelet_loss")
def soft_orthogonal_wavelet_loss():
    import ptwt
    import pywt
    from ptwt.wavelets_learnable import SoftOrthogonalWavelet
    filt = [torch.tensor(f, dtype=torch.float32) for f in pywt.Wavelet("db2").filter_bank]
    wavelet = SoftOrthogonalWavelet(*filt)

    def f(x):
        rec = ptwt.waverec(ptwt.wavedec(x, wavelet, level=2), wavelet)
        return torch.nn.functional.mse_loss(rec, x) + wavelet.wavelet_loss()
    return f, (torch.randn(4, 64),)


# =============================================================== torch-kmeans ==
# held-out set 4. Batched clustering with torch_kmeans as in its README: KMeans called as a module
# on (BS, N, D) inputs, the scikit-learn style fit_predict, per-instance numbers of clusters,
# cosine KMeans, differentiable SoftKMeans inside a network, ConstrainedKMeans with sample weights,
# and KNN. Constructor defaults are kept (verbose=True, as in the README).
@entry("torch-kmeans", "KMeans(n_clusters=4) called on a (4, 20, 2) batch (the README 'PyTorch style' usage)")
def kmeans_forward():
    from torch_kmeans import KMeans
    model = KMeans(n_clusters=4)

    def f(x):
        result = model(x)
        return result.labels, result.centers, result.inertia
    return f, (torch.randn(4, 20, 2),)


@entry("torch-kmeans", "KMeans(n_clusters=4).fit_predict(x) (the README 'scikit-learn style' usage)")
def kmeans_fit_predict():
    from torch_kmeans import KMeans
    model = KMeans(n_clusters=4)
    return model.fit_predict, (torch.randn(4, 20, 2),)


@entry("torch-kmeans", "KMeans(init_method='k-means++', num_init=4) with a different number of clusters per instance")
def kmeans_plusplus_per_instance_k():
    from torch_kmeans import KMeans
    model = KMeans(init_method="k-means++", num_init=4, n_clusters=None)

    def f(x, k):
        return model(x, k=k).labels
    return f, (torch.randn(4, 30, 3), torch.tensor([3, 4, 5, 3]))


@entry("torch-kmeans", "KMeans with CosineSimilarity distance and 'unit' normalization (3 clusters)")
def kmeans_cosine_unit():
    from torch_kmeans import CosineSimilarity, KMeans
    model = KMeans(distance=CosineSimilarity, normalize="unit", n_clusters=3)

    def f(x):
        return model(x).labels
    return f, (torch.randn(2, 24, 8),)


@entry("torch-kmeans", "SoftKMeans (differentiable) on Linear features inside a network: centers and soft assignment")
def soft_kmeans_in_network():
    from torch_kmeans import SoftKMeans
    enc = torch.nn.Linear(8, 16)
    skm = SoftKMeans(n_clusters=3)

    def f(x):
        res = skm(enc(x))
        return res.centers, res.soft_assignment
    return f, (torch.randn(2, 20, 8),)


@entry("torch-kmeans", "ConstrainedKMeans(n_clusters=4) with normalized sample weights (capacity constraints)")
def constrained_kmeans_weights():
    from torch_kmeans import ConstrainedKMeans
    model = ConstrainedKMeans(n_clusters=4)
    weights = torch.rand(2, 20)
    weights = weights / weights.sum(-1, keepdim=True) * 2.0  # total demand 2 over 4 clusters of capacity 1

    def f(x, w):
        return model(x, weights=w).labels
    return f, (torch.randn(2, 20, 2), weights)


@entry("torch-kmeans", "KNN(k=5) neighbours of a (2, 30, 3) batch")
def knn_forward():
    from torch_kmeans.clustering import KNN
    model = KNN(k=5)

    def f(x):
        return model(x)
    return f, (torch.randn(2, 30, 3),)


# =================================================================== torchnmf ==
# held-out set 4. Non-negative matrix factorisation with torchnmf as in its README and docstrings:
# module forwards (V ~ H W^T and the deconvolutional variants), fit() with multiplicative updates,
# sparse_fit, PLCA's EM fit, the beta-divergence metrics and the BetaMu optimizer step. max_iter is
# lowered from the default 200 to keep the compile time small.
@entry("torchnmf", "NMF(V.shape, 5) forward: H W^T (the NMF docstring example)")
def nmf_forward():
    from torchnmf.nmf import NMF
    V = torch.rand(20, 30)
    m = NMF(V.shape, 5)
    return m, ()


@entry("torchnmf", "NMFD(S.shape, rank 4, T 8).fit(S) on a spectrogram-like tensor + kl_div(net(), S) (the README usage)")
def nmfd_fit_kl():
    from torchnmf.metrics import kl_div
    from torchnmf.nmf import NMFD
    S = torch.stft(torch.randn(2048), 64, window=torch.hann_window(64), return_complex=True).abs().unsqueeze(0)
    net = NMFD(S.shape, rank=4, T=8)

    def f(S):
        net.fit(S, max_iter=20)
        V = net()
        return kl_div(V, S)
    return f, (S,)


@entry("torchnmf", "NMF.fit with beta=2, alpha=0.1, l1_ratio=0.5 (regularised Euclidean NMF), max_iter 20")
def nmf_fit_regularized():
    from torchnmf.nmf import NMF
    V = torch.rand(20, 30)
    m = NMF(V.shape, 5)

    def f(V):
        n_iter = m.fit(V, beta=2, alpha=0.1, l1_ratio=0.5, max_iter=20)
        return m(), n_iter
    return f, (V,)


@entry("torchnmf", "NMF.sparse_fit with sparseness constraint sH=0.5 (beta 2), max_iter 10")
def nmf_sparse_fit():
    from torchnmf.nmf import NMF
    V = torch.rand(20, 30)
    m = NMF(V.shape, 5)

    def f(V):
        m.sparse_fit(V, max_iter=10, sH=0.5)
        return m()
    return f, (V,)


@entry("torchnmf", "NMF2D(V.shape, 16, 3) forward (the NMF2D docstring example)")
def nmf2d_forward():
    from torchnmf.nmf import NMF2D
    V = torch.rand(33, 50).unsqueeze(0).unsqueeze(0)
    return NMF2D(V.shape, 16, 3), ()


@entry("torchnmf", "PLCA(V.shape, 4).fit(V) (EM, max_iter 20) then forward")
def plca_fit():
    from torchnmf.plca import PLCA
    V = torch.rand(20, 30)
    m = PLCA(V.shape, 4)

    def f(V):
        m.fit(V, max_iter=20)
        return m()
    return f, (V,)


@entry("torchnmf", "SIPLCA(V.shape, 16, 3) forward (the SIPLCA docstring example)")
def siplca_forward():
    from torchnmf.plca import SIPLCA
    V = torch.rand(33, 50).unsqueeze(0)
    return SIPLCA(V.shape, 16, 3), ()


@entry("torchnmf", "metrics: beta_div (beta 0.5) + is_div + euclidean between a reconstruction and V, sparseness of W")
def nmf_metrics():
    from torchnmf import metrics
    from torchnmf.nmf import NMF
    V = torch.rand(20, 30) + 0.1
    m = NMF(V.shape, 5)

    def f(V):
        V_hat = m()
        return (metrics.beta_div(V_hat, V, beta=0.5) + metrics.is_div(V_hat, V) + metrics.euclidean(V_hat, V),
                metrics.sparseness(m.W))
    return f, (V,)


@entry("torchnmf", "trainer.BetaMu(beta=1) multiplicative-update step with a closure returning (target, prediction)")
def betamu_step():
    from torchnmf.nmf import NMF
    from torchnmf.trainer import BetaMu
    V = torch.rand(20, 30)
    m = NMF(V.shape, 5)
    opt = BetaMu(m.parameters(), beta=1)

    def f(V):
        def closure():
            opt.zero_grad()
            return V, m()
        opt.step(closure)
        return m.W.detach().clone()
    return f, (V,)


# ========================================================== pytorch-minimize ==
# held-out set 4. Deterministic function minimisation with torchmin as in its README: minimize() on
# the Rosenbrock function from x0 = [1, 8] with the README's three example methods (bfgs, newton-cg,
# newton-exact) plus every other method of its list (cg, trust-krylov -> trust-ncg, dogleg; see the
# comments below), least_squares (trf)
# on a small curve fit, and the Minimizer optimizer API on a linear model.
def _rosen(x):
    return torch.sum(100 * (x[..., 1:] - x[..., :-1] ** 2) ** 2 + (1 - x[..., :-1]) ** 2)


def _torchmin_minimize(method, x0=(1., 8.)):
    from torchmin import minimize

    def f(x0):
        return minimize(_rosen, x0, method=method).x
    return f, (torch.tensor(x0),)


@entry("pytorch-minimize", "minimize(rosen, x0, method='bfgs') (the README example)")
def minimize_bfgs():
    return _torchmin_minimize("bfgs")


@entry("pytorch-minimize", "minimize(rosen, x0, method='cg') (Polak-Ribiere nonlinear conjugate gradient)")
def minimize_cg():
    return _torchmin_minimize("cg")


@entry("pytorch-minimize", "minimize(rosen, x0, method='newton-cg') (the README example)")
def minimize_newton_cg():
    return _torchmin_minimize("newton-cg")


@entry("pytorch-minimize", "minimize(rosen, x0, method='newton-exact') (the README example)")
def minimize_newton_exact():
    return _torchmin_minimize("newton-exact")


@entry("pytorch-minimize", "minimize(rosen, x0, method='trust-ncg') (trust region, Newton-CG subproblems)")
def minimize_trust_ncg():
    # written first as method='trust-krylov', which raises "reducible T matrix encountered" in eager
    # mode in pytorch-minimize 0.1.0 (from every x0 tried, 2 to 10 dimensions); replaced before the
    # first collect by its neighbour in the README's list
    return _torchmin_minimize("trust-ncg")


@entry("pytorch-minimize", "minimize(rosen, x0=[-1.2, 1], method='dogleg') (trust region, dogleg steps)")
def minimize_dogleg():
    # written first from x0 = [1, 8], where the Hessian is not positive definite and dogleg's
    # Cholesky raises in eager mode; the classic Rosenbrock start [-1.2, 1] is used instead (changed
    # before the first collect)
    return _torchmin_minimize("dogleg", x0=(-1.2, 1.))


@entry("pytorch-minimize", "least_squares (trf) fitting y = a * exp(-b t) + c to 32 noisy points")
def least_squares_exp_fit():
    from torchmin import least_squares
    t = torch.linspace(0, 4, 32)
    y = 2.5 * torch.exp(-1.3 * t) + 0.5 + 0.01 * torch.randn(32)

    def f(x0):
        def residuals(p):
            return p[0] * torch.exp(-p[1] * t) + p[2] - y
        return least_squares(residuals, x0).x
    return f, (torch.tensor([1., 1., 0.]),)


@entry("pytorch-minimize", "Minimizer(model.parameters(), method='bfgs') step on a linear least-squares model")
def minimizer_optimizer_step():
    from torchmin import Minimizer
    model = torch.nn.Linear(3, 1)
    X, Y = torch.randn(32, 3), torch.randn(32, 1)
    optimizer = Minimizer(model.parameters(), method="bfgs")

    def f(X, Y):
        def closure():
            optimizer.zero_grad()
            return torch.nn.functional.mse_loss(model(X), Y)
        return optimizer.step(closure)
    return f, (X, Y)


# ================================================================ pytorch-tcn ==
# held-out set 4. Temporal convolutional networks for time series with pytorch_tcn as in its
# README: the TCN class with its documented options (NLC input, skip connections, normalisations,
# embeddings, gates, output projection, dilation reset), the causal TemporalConv1d /
# TemporalConvTranspose1d layers, and streaming (blockwise) inference with internal buffers.
@entry("pytorch-tcn", "TCN(num_inputs 4, num_channels [8, 8, 8]) forward with the defaults (causal, weight_norm)")
def tcn_forward_default():
    from pytorch_tcn import TCN
    return TCN(4, [8, 8, 8]), (torch.randn(2, 4, 64),)


@entry("pytorch-tcn", "TCN with input_shape 'NLC', skip connections, batch_norm, output_projection 3 (train mode)")
def tcn_nlc_skip_batchnorm():
    from pytorch_tcn import TCN
    model = TCN(4, [8, 16, 16], kernel_size=3, use_skip_connections=True, use_norm="batch_norm",
                input_shape="NLC", output_projection=3)
    return model, (torch.randn(2, 64, 4),)


@entry("pytorch-tcn", "non-causal TCN with layer_norm, dilation_reset 4, gated units and a global + a local embedding (concat)")
def tcn_embeddings_gate():
    from pytorch_tcn import TCN
    model = TCN(4, [8] * 5, kernel_size=3, dilation_reset=4, causal=False, use_norm="layer_norm",
                use_gate=True, embedding_shapes=[(6,), (5, None)], embedding_mode="concat")

    def f(x, e_global, e_local):
        return model(x, embeddings=[e_global, e_local])
    return f, (torch.randn(2, 4, 48), torch.randn(2, 6), torch.randn(2, 5, 48))


@entry("pytorch-tcn", "streaming inference: reset_buffers, then 4 blocks of 16 steps with inference=True (eval mode)")
def tcn_streaming_inference():
    from pytorch_tcn import TCN
    tcn = TCN(4, [8, 8], kernel_size=3, causal=True).eval()

    def f(x):
        tcn.reset_buffers()
        return torch.cat([tcn(block, inference=True) for block in x.split(16, dim=-1)], -1)
    return f, (torch.randn(1, 4, 64),)


@entry("pytorch-tcn", "TemporalConv1d(3, 16, 3, dilation 2) + TemporalConvTranspose1d(16, 3, 4, stride 2) forward")
def temporal_conv_layers():
    from pytorch_tcn import TemporalConv1d, TemporalConvTranspose1d
    conv = TemporalConv1d(3, 16, 3, dilation=2)
    conv_t = TemporalConvTranspose1d(16, 3, 4, stride=2)

    def f(x):
        return conv_t(torch.relu(conv(x)))
    return f, (torch.randn(2, 3, 32),)


@entry("pytorch-tcn", "TCN regression training loss (mse on output_projection 1, kaiming_normal init, dropout 0.2)")
def tcn_training_loss():
    from pytorch_tcn import TCN
    model = TCN(4, [8, 8, 8, 8], kernel_size=2, dropout=0.2, kernel_initializer="kaiming_normal",
                output_projection=1)

    def f(x, y):
        return torch.nn.functional.mse_loss(model(x), y)
    return f, (torch.randn(2, 4, 64), torch.randn(2, 1, 64))


# ==== held-out set 4, second batch (chosen 2026-11-21 by the same helper, blind to graphlint, because
# pytorch-minimize had 62% of the first batch's default-family sites): do not tune graphlint on these.
# pypose 0.9.5 was chosen too, its 8 entry points written and collected, and then dropped: 6 of them
# recorded compile-error (Dynamo hit RecursionError or GB4315 on its LieTensor subclass); see README.md
PACKAGES.update({
    "geoopt": {"dirs": ["geoopt"], "split": "dev"},
    "ncps": {"dirs": ["ncps"], "split": "dev"},
    "tensorly": {"dirs": ["tensorly"], "split": "dev"},
})


# ===================================================================== geoopt ==
# held-out set 4 (second batch). Riemannian geometry and optimisation with geoopt as in its README:
# ManifoldParameters on the Poincare ball, Stiefel, sphere, Lorentz and SPD manifolds, manifold
# operations (expmap, mobius operations, dist, retractions, transports), RiemannianAdam and
# RiemannianSGD steps (compiled alone, gradients computed in the builder) and the RSGLD sampler.
@entry("geoopt", "PoincareBall: hyperbolic linear layer (expmap0, mobius_matvec, mobius_add) + dist to targets")
def poincare_ball_layer():
    import geoopt
    ball = geoopt.PoincareBall(c=1.0)
    W, b = torch.randn(8, 4) * 0.3, ball.expmap0(torch.randn(8) * 0.1)

    def f(x, y):
        h = ball.mobius_add(ball.mobius_matvec(W, ball.expmap0(x)), b)
        return ball.dist(h, ball.expmap0(y)).mean(), ball.logmap0(h)
    return f, (torch.randn(16, 4) * 0.5, torch.randn(16, 8) * 0.5)


@entry("geoopt", "RiemannianAdam(lr 1e-2).step() on a Poincare-ball embedding (ManifoldParameter)")
def radam_poincare_step():
    import geoopt
    ball = geoopt.PoincareBall()
    emb = geoopt.ManifoldParameter(ball.expmap0(torch.randn(10, 2) * 0.1), manifold=ball)
    opt = geoopt.optim.RiemannianAdam([emb], lr=1e-2)
    ball.dist(emb[:5], emb[5:]).sum().backward()
    return opt.step, ()


@entry("geoopt", "RiemannianSGD(lr 1e-2, momentum 0.9).step() on a Stiefel ManifoldParameter (orthonormal 6x3)")
def rsgd_stiefel_step():
    import geoopt
    stiefel = geoopt.Stiefel()
    W = geoopt.ManifoldParameter(stiefel.random(6, 3), manifold=stiefel)
    opt = geoopt.optim.RiemannianSGD([W], lr=1e-2, momentum=0.9)
    ((torch.randn(4, 6) @ W) ** 2).sum().backward()
    return opt.step, ()


@entry("geoopt", "Sphere: projx, proju, retr and transp of tangent vectors")
def sphere_retr_transp():
    import geoopt
    sphere = geoopt.Sphere()

    def f(x, u, v):
        x = sphere.projx(x)
        u, v = sphere.proju(x, u), sphere.proju(x, v)
        y = sphere.retr(x, u)
        return y, sphere.transp(x, y, v), sphere.inner(x, u, v)
    return f, (torch.randn(8, 5), torch.randn(8, 5), torch.randn(8, 5))


@entry("geoopt", "Lorentz (hyperboloid, k 1): expmap0, dist and logmap between random points")
def lorentz_dist():
    import geoopt
    lorentz = geoopt.Lorentz()

    def f(u, w):
        x, y = lorentz.expmap0(u), lorentz.expmap0(w)
        return lorentz.dist(x, y), lorentz.logmap(x, y)
    zero = torch.zeros(8, 1)
    return f, (torch.cat([zero, torch.randn(8, 3) * 0.5], -1), torch.cat([zero, torch.randn(8, 3) * 0.5], -1))


@entry("geoopt", "SymmetricPositiveDefinite: dist, expmap and inner on 3x3 SPD matrices")
def spd_dist_expmap():
    import geoopt
    spd = geoopt.SymmetricPositiveDefinite()

    def f(a, b, u):
        x, y = a @ a.mT + torch.eye(3), b @ b.mT + torch.eye(3)
        u = spd.proju(x, u)
        return spd.dist(x, y), spd.expmap(x, u), spd.inner(x, u)
    return f, (torch.randn(4, 3, 3), torch.randn(4, 3, 3), torch.randn(4, 3, 3))


@entry("geoopt", "ProductManifold(Sphere x PoincareBall): projx, dist and expmap on concatenated points")
def product_manifold_dist():
    import geoopt
    pm = geoopt.ProductManifold((geoopt.Sphere(), 3), (geoopt.PoincareBall(), 2))

    def f(x, y, u):
        x, y = pm.projx(x), pm.projx(y)
        return pm.dist(x, y), pm.expmap(x, pm.proju(x, u))
    return f, (torch.randn(6, 5) * 0.3, torch.randn(6, 5) * 0.3, torch.randn(6, 5) * 0.1)


@entry("geoopt", "samplers.RSGLD(epsilon 1e-3).step(closure) on a PoincareBallExact ManifoldParameter (log density -dist0^2)")
def rsgld_poincare_step():
    # written first on geoopt.Sphere with a von Mises-Fisher log density: RSGLD raised "Sampling
    # methods can't me applied to manifolds that do not implement reversible retraction" in eager
    # mode (Sphere and SphereExact are not reversible); changed before the first collect to
    # PoincareBallExact, which is
    import geoopt
    ball = geoopt.PoincareBallExact()
    p = geoopt.ManifoldParameter(ball.expmap0(torch.randn(4, 2) * 0.3), manifold=ball)
    sampler = geoopt.samplers.RSGLD([p], epsilon=1e-3)

    def f():
        sampler.step(lambda: -(ball.dist0(p) ** 2).sum())
        return p.detach().clone()
    return f, ()


# ======================================================================= ncps ==
# held-out set 4 (second batch). Continuous-time recurrent networks (liquid time-constant and
# closed-form continuous-time cells) with ncps.torch as in its docstrings and README: CfC and LTC
# over sequences, with fully connected units or sparse NCP wirings (AutoNCP), mixed memory, timespans.
@entry("ncps", "CfC(20, 50) over a (2, 3, 20) sequence with h0 (the CfC docstring example)")
def cfc_forward():
    from ncps.torch import CfC
    rnn = CfC(20, 50)
    return rnn, (torch.randn(2, 3, 20), torch.zeros(2, 50))


@entry("ncps", "CfC with mixed_memory, mode 'pure', proj_size 4, return_sequences False (h0 None)")
def cfc_mixed_memory_pure():
    from ncps.torch import CfC
    rnn = CfC(8, 16, proj_size=4, return_sequences=False, mixed_memory=True, mode="pure")
    return rnn, (torch.randn(2, 12, 8),)


@entry("ncps", "CfC with an AutoNCP(16, 2) wiring (WiredCfCCell) over 12 steps")
def cfc_autoncp_wiring():
    from ncps.torch import CfC
    from ncps.wirings import AutoNCP
    rnn = CfC(8, AutoNCP(16, 2))
    return rnn, (torch.randn(2, 12, 8),)


@entry("ncps", "LTC(8, AutoNCP(12, 2)) liquid time-constant network over 10 steps")
def ltc_autoncp():
    from ncps.torch import LTC
    from ncps.wirings import AutoNCP
    rnn = LTC(8, AutoNCP(12, 2))
    return rnn, (torch.randn(2, 10, 8),)


@entry("ncps", "LTC(8, 10 fully connected units) with irregular timespans, one sequence of 10 steps")
def ltc_timespans():
    # written first with batch_first=False and a batch of 2: LTC's timespans path raised a shape
    # error in eager mode for every timespans shape tried (it broadcasts the per-step (B,) time
    # against (B, units)); changed before the first collect to batch_first=True and a batch of one
    from ncps.torch import LTC
    rnn = LTC(8, 10)

    def f(x, ts):
        return rnn(x, timespans=ts)
    return f, (torch.randn(1, 10, 8), torch.rand(1, 10) + 0.5)


@entry("ncps", "CfC sequence regression loss (backbone 2 x 32, dropout 0.1, proj_size 1): mse")
def cfc_training_loss():
    from ncps.torch import CfC
    rnn = CfC(4, 16, proj_size=1, backbone_units=32, backbone_layers=2, backbone_dropout=0.1)

    def f(x, y):
        out, _ = rnn(x)
        return torch.nn.functional.mse_loss(out, y)
    return f, (torch.randn(2, 16, 4), torch.randn(2, 16, 1))


# =================================================================== tensorly ==
# held-out set 4 (second batch). Tensor decompositions with TensorLy on its PyTorch backend
# (tl.set_backend('pytorch'), as its docs show): CP (parafac), non-negative CP, Tucker, tensor train
# and the reconstructions, plus the tenalg products. Iteration counts are lowered to keep compile
# time small.
def _tl():
    import tensorly as tl
    tl.set_backend("pytorch")
    return tl


@entry("tensorly", "parafac(tensor, rank=3, n_iter_max=20) + cp_to_tensor reconstruction error")
def cp_parafac():
    tl = _tl()
    from tensorly.decomposition import parafac

    def f(t):
        cp = parafac(t, rank=3, n_iter_max=20)
        return tl.norm(t - tl.cp_to_tensor(cp))
    return f, (torch.rand(6, 5, 4),)


@entry("tensorly", "non_negative_parafac(tensor, rank=3, n_iter_max=20)")
def cp_non_negative():
    tl = _tl()
    from tensorly.decomposition import non_negative_parafac

    def f(t):
        return tl.cp_to_tensor(non_negative_parafac(t, rank=3, n_iter_max=20))
    return f, (torch.rand(6, 5, 4),)


@entry("tensorly", "tucker(tensor, rank=[3, 3, 2], n_iter_max=20) + tucker_to_tensor")
def tucker_decomposition():
    tl = _tl()
    from tensorly.decomposition import tucker

    def f(t):
        core, factors = tucker(t, rank=[3, 3, 2], n_iter_max=20)
        return tl.tucker_to_tensor((core, factors))
    return f, (torch.rand(6, 5, 4),)


@entry("tensorly", "tensor_train(tensor, rank=[1, 2, 2, 1]) + tt_to_tensor")
def tensor_train_decomposition():
    tl = _tl()
    from tensorly.decomposition import tensor_train

    def f(t):
        return tl.tt_to_tensor(tensor_train(t, rank=[1, 2, 2, 1]))
    return f, (torch.rand(6, 5, 4),)


@entry("tensorly", "tenalg: khatri_rao of two factors, mode_dot and multi_mode_dot, unfold/fold")
def tenalg_products():
    tl = _tl()
    from tensorly import tenalg

    def f(t, a, b, m):
        kr = tenalg.khatri_rao([a, b])
        y = tenalg.mode_dot(t, m, mode=1)
        z = tenalg.multi_mode_dot(t, [a.T, b.T], modes=[0, 1])
        return kr, tl.fold(tl.unfold(y, 0), 0, y.shape), z
    return f, (torch.rand(6, 5, 4), torch.rand(6, 3), torch.rand(5, 3), torch.rand(2, 5))


# ==== held-out set 5 (chosen 2026-11-21 by a helper blind to graphlint, see README.md): do not tune graphlint on these
PACKAGES.update({
    "entmax": {"dirs": ["entmax"], "split": "dev"},
    "julius": {"dirs": ["julius"], "split": "dev"},
    "roma": {"dirs": ["roma"], "split": "dev"},
    "opacus": {"dirs": ["opacus"], "split": "dev"},
    "reformer-pytorch": {"dirs": ["reformer_pytorch"], "split": "dev"},
    "nnaudio": {"dirs": ["nnAudio"], "split": "dev"},
})


# ===================================================================== entmax ==
# held-out set 5. Sparse probability mappings (sparsemax, 1.5-entmax, alpha-entmax by bisection) and
# their Fenchel-Young losses, as in the entmax README and docstrings.
@entry("entmax", "sparsemax and entmax15 over the last dim of a (4, 10) score matrix (the README example)")
def sparsemax_entmax15():
    from entmax import sparsemax, entmax15

    def f(x):
        return sparsemax(x, dim=-1), entmax15(x, dim=-1)
    return f, (torch.randn(4, 10),)


@entry("entmax", "entmax15 and sparsemax with k=3 (partial sort of the top-k scores) on (4, 10)")
def entmax15_topk():
    from entmax import sparsemax, entmax15

    def f(x):
        return entmax15(x, dim=-1, k=3), sparsemax(x, dim=-1, k=3)
    return f, (torch.randn(4, 10),)


@entry("entmax", "entmax_bisect with a learnable alpha tensor, p.pow(2).sum().backward() (the README gradient example)")
def entmax_bisect_alpha_grad():
    from entmax import entmax_bisect

    def f(x, alpha):
        p = entmax_bisect(x, alpha)
        p.pow(2).sum().backward()
        return p
    return f, (torch.tensor([[-1, 0, 0.5], [1, 2, 3.5]]), torch.tensor(1.33, requires_grad=True))


# entmax.fy_losses_classifier (a Linear classifier trained with sparsemax_loss + entmax15_loss) was
# removed after the first collect: it recorded compile-error, because Dynamo crashes
# (InternalTorchDynamoError: "AutogradFunctionVariable() is not a constant") on entmax's loss
# autograd Functions (_GenericLossFunction), which every entmax loss uses. See README.md.
# These comment lines keep the line count, so that no entry point below this one moves.
#
#
#
#


@entry("entmax", "normmax_bisect(alpha 2) and budget_bisect(budget 2) mappings, n_iter 30")
def normmax_budget_bisect():
    from entmax import normmax_bisect, budget_bisect
    # EntmaxBisectLoss was removed from this entry point after the first collect (Dynamo crash; README)

    def f(x):
        return normmax_bisect(x, alpha=2, n_iter=30), budget_bisect(x, budget=2, n_iter=30)
    return f, (torch.randn(4, 7),)


@entry("entmax", "single-head attention with an Entmax15 module (dim -1) instead of softmax")
def entmax15_attention():
    from entmax import Entmax15
    norm = Entmax15(dim=-1)
    q_proj, k_proj, v_proj = (torch.nn.Linear(16, 16) for _ in range(3))

    def f(x):
        q, k, v = q_proj(x), k_proj(x), v_proj(x)
        p = norm(q @ k.transpose(-1, -2) / 4.0)
        return p @ v
    return f, (torch.randn(2, 12, 16),)


# ===================================================================== julius ==
# held-out set 5. Differentiable DSP with julius as in its README: sinc resampling, FIR low-, high- and
# band-pass filters, FFT convolutions and mel-band splitting of a waveform.
@entry("julius", "resample_frac(signal (6, 4, 1024), 100, 70) (the README example)")
def resample_frac_fn():
    import julius

    def f(x):
        return julius.resample_frac(x, 100, 70)
    return f, (torch.randn(6, 4, 1024),)


@entry("julius", "ResampleFrac(4, 5) module with output_length, and full=True")
def resample_module_full():
    import julius
    rs = julius.ResampleFrac(4, 5)

    def f(x):
        return rs(x, output_length=600), rs(x, full=True)
    return f, (torch.randn(2, 512),)


@entry("julius", "lowpass_filter(signal, 0.1) and LowPassFilters([0.05, 0.1, 0.2], stride 2) (README + docstring)")
def lowpass_filters_fn():
    import julius
    lpf = julius.LowPassFilters([0.05, 0.1, 0.2], stride=2)

    def f(x):
        return julius.lowpass_filter(x, 0.1), lpf(x)
    return f, (torch.randn(6, 4, 1024),)


@entry("julius", "highpass_filters([0.1, 0.3]) and bandpass_filter(0.1, 0.25, fft=True)")
def highpass_bandpass_fn():
    import julius

    def f(x):
        return julius.highpass_filters(x, [0.1, 0.3]), julius.bandpass_filter(x, 0.1, 0.25, fft=True)
    return f, (torch.randn(2, 3, 800),)


@entry("julius", "FFTConv1d(4, 10, 512) forward (the README example)")
def fftconv1d_module():
    import julius
    conv = julius.FFTConv1d(4, 10, 512)
    return conv, (torch.randn(6, 4, 1024),)


@entry("julius", "split_bands(signal, n_bands=10, sample_rate=100) and a random equaliser (the README example)")
def split_bands_random_eq():
    import julius

    def f(x, gains):
        bands = julius.split_bands(x, n_bands=10, sample_rate=100)
        return (gains * bands).sum(0)
    return f, (torch.randn(6, 4, 1024), torch.rand(10, 1, 1, 1))


# ======================================================================= roma ==
# held-out set 5. 3D rotation representations and mappings with RoMa as in its README: rotation
# vectors, unit quaternions, rotation matrices, Euler angles, Procrustes mappings, geodesic metrics,
# slerp, rigid transformations and point-set registration.
@entry("roma", "rotvec -> unitquat -> rotmat, rotvec_to_rotmat, unitquat_to_euler('xyz', degrees) (the README example)")
def rotation_conversions():
    import roma

    def f(rotvec):
        q = roma.rotvec_to_unitquat(rotvec)
        R = roma.unitquat_to_rotmat(q)
        Rbis = roma.rotvec_to_rotmat(rotvec)
        e = roma.unitquat_to_euler("xyz", q, degrees=True)
        return R, Rbis, e, roma.rotmat_to_unitquat(R), roma.rotmat_to_rotvec(Rbis)
    return f, (torch.randn(3, 3),)


@entry("roma", "regression to rotations: special_procrustes, special_gramschmidt and symmatrixvec_to_unitquat + a geodesic loss")
def rotation_regression_loss():
    import roma
    head9, head10 = torch.nn.Linear(8, 9), torch.nn.Linear(8, 10)

    def f(feat, R_target):
        M = head9(feat).reshape(-1, 3, 3)
        R1 = roma.special_procrustes(M)
        R2 = roma.special_gramschmidt(M[..., :2])
        R3 = roma.unitquat_to_rotmat(roma.symmatrixvec_to_unitquat(head10(feat)))
        return sum(roma.rotmat_geodesic_distance(R, R_target).mean() for R in (R1, R2, R3))
    torch.manual_seed(0)
    return f, (torch.randn(5, 8), roma.random_rotmat(5))


@entry("roma", "metrics and quaternion algebra: rotmat_geodesic_distance, rotmat_cosine_angle, quat_product/conjugation/action")
def metrics_quaternion_ops():
    import roma

    def f(R1, R2, q, v):
        theta = roma.utils.rotmat_geodesic_distance(R1, R2)
        cos_theta = roma.utils.rotmat_cosine_angle(R1.transpose(-2, -1) @ R2)
        q_identity = roma.quat_product(roma.quat_conjugation(q), q)
        return theta, cos_theta, q_identity, roma.quat_action(q, v, is_normalized=True), roma.unitquat_geodesic_distance(q, q_identity)
    torch.manual_seed(0)
    return f, (roma.random_rotmat(size=5), roma.random_rotmat(size=5), roma.random_unitquat(size=5), torch.randn(5, 3))


@entry("roma", "rotvec_slerp and unitquat_slerp over 4 interpolation steps (shortest path)")
def slerp_interpolation():
    import roma

    def f(r0, r1, q0, q1, steps):
        return roma.rotvec_slerp(r0, r1, steps), roma.unitquat_slerp(q0, q1, steps, shortest_arc=True)
    torch.manual_seed(0)
    return f, (torch.randn(3, 3), torch.randn(3, 3), roma.random_unitquat(3), roma.random_unitquat(3),
               torch.linspace(0, 1, 4))


@entry("roma", "Rigid(R, t): compose with its inverse, to_homogeneous, apply to points; RigidUnitQuat composition")
def rigid_transforms():
    import roma

    def f(R, t, q, pts):
        T = roma.Rigid(R, t)
        identity = T @ T.inverse()
        Tq = roma.RigidUnitQuat(q, t)
        return identity.to_homogeneous(), T[:, None].apply(pts), (Tq @ Tq.inverse()).normalize().linear
    torch.manual_seed(0)
    return f, (roma.random_rotmat(3), torch.randn(3, 3), roma.random_unitquat(3), torch.randn(3, 10, 3))


@entry("roma", "rigid_points_registration with weights and compute_scaling, and rigid_vectors_registration")
def points_registration():
    import roma

    def f(x, y, w):
        R, t, s = roma.rigid_points_registration(x, y, weights=w, compute_scaling=True)
        return R, t, s, roma.rigid_vectors_registration(x, y)
    return f, (torch.randn(2, 20, 3), torch.randn(2, 20, 3), torch.rand(2, 20))


# ===================================================================== opacus ==
# held-out set 5. Differentially private training with Opacus as in its README and tutorials:
# per-sample gradients with GradSampleModule, PrivacyEngine.make_private training steps (flat,
# per-layer and ghost clipping), and the DP-friendly layers DPLSTM and DPMultiheadAttention.
def _opacus_private(model, lr=0.05, **kw):
    from opacus import PrivacyEngine
    data = torch.utils.data.TensorDataset(torch.randn(32, 8), torch.randint(0, 3, (32,)))
    loader = torch.utils.data.DataLoader(data, batch_size=8)
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    return PrivacyEngine().make_private(module=model, optimizer=opt, data_loader=loader,
                                        noise_multiplier=1.1, **kw)


# opacus.grad_sample_mlp was removed after the first collect: it recorded compile-error (Dynamo raised
# TorchRuntimeError "RuntimeError when making fake tensor call" in the per-sample-gradient hooks
# of GradSampleModule, grad_sample_mode "hooks"). See README.md. Comment lines keep the line count.
#
#
#
#
#
#
#


# opacus.make_private_sgd_step was removed after the first collect: it recorded compile-error (Dynamo raised
# TorchRuntimeError "RuntimeError when making fake tensor call" in the per-sample-gradient hooks
# of GradSampleModule, grad_sample_mode "hooks"). See README.md. Comment lines keep the line count.
#
#
#
#
#
#
#
#
#


# opacus.grad_sample_cnn was removed after the first collect: it recorded compile-error (Dynamo raised
# TorchRuntimeError "RuntimeError when making fake tensor call" in the per-sample-gradient hooks
# of GradSampleModule, grad_sample_mode "hooks"). See README.md. Comment lines keep the line count.
#
#
#
#
#
#
#
#
#


@entry("opacus", "DPLSTM(6, 12, num_layers 2, batch_first) sequence classifier: loss backward (no GradSampleModule, README.md)")
def dp_lstm_classifier():
    # changed after the first collect: under GradSampleModule, Dynamo crashed (see README.md)
    from opacus.layers import DPLSTM

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.lstm = DPLSTM(6, 12, num_layers=2, batch_first=True)
            self.head = torch.nn.Linear(12, 3)

        def forward(self, x):
            out, _ = self.lstm(x)
            return self.head(out[:, -1])

    model = Net()

    def f(x, y):
        model.zero_grad(set_to_none=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        return loss
    return f, (torch.randn(4, 5, 6), torch.randint(0, 3, (4,)))


@entry("opacus", "DPMultiheadAttention(16, 4) self-attention forward with a key_padding_mask")
def dp_multihead_attention():
    from opacus.layers import DPMultiheadAttention
    attn = DPMultiheadAttention(16, 4)
    mask = torch.zeros(2, 7, dtype=torch.bool)
    mask[1, 5:] = True

    def f(x):
        return attn(x, x, x, key_padding_mask=mask)
    return f, (torch.randn(7, 2, 16),)


# opacus.per_layer_clipping_step was removed after the first collect: it recorded compile-error (Dynamo raised
# TorchRuntimeError "RuntimeError when making fake tensor call" in the per-sample-gradient hooks
# of GradSampleModule, grad_sample_mode "hooks"). See README.md. Comment lines keep the line count.
#
#
#
#
#
#
#
#
#
#
#
#
#
#
#
#
#
#
#


@entry("opacus", "make_private(grad_sample_mode='ghost'): fast gradient clipping training step with the DP criterion")
def ghost_clipping_step():
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    model, opt, criterion, _ = _opacus_private(model, max_grad_norm=1.0, grad_sample_mode="ghost",
                                               criterion=torch.nn.CrossEntropyLoss())

    def f(x, y):
        opt.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        opt.step()
        return loss
    return f, (torch.randn(8, 8), torch.randint(0, 3, (8,)))


# =========================================================== reformer-pytorch ==
# held-out set 5. Reformer (LSH attention, reversible layers, chunked feed-forward) as in the
# reformer-pytorch README, with tiny configs: dim 32, bucket_size 8, 2 hashes, 32-64 tokens.
@entry("reformer-pytorch", "LSHAttention(bucket_size 8, n_hashes 2, causal) on shared qk and v: out, attn, buckets")
def lsh_attention():
    from reformer_pytorch import LSHAttention
    attn = LSHAttention(bucket_size=8, n_hashes=2, causal=True)
    return attn, (torch.randn(2, 64, 32), torch.randn(2, 64, 32))


@entry("reformer-pytorch", "LSHSelfAttention(dim 32, heads 4, bucket_size 8, n_hashes 2) forward")
def lsh_self_attention():
    from reformer_pytorch import LSHSelfAttention
    attn = LSHSelfAttention(dim=32, heads=4, bucket_size=8, n_hashes=2, causal=False)
    return attn, (torch.randn(2, 64, 32),)


@entry("reformer-pytorch", "Reformer(dim 32, depth 2, causal) reversible stack: forward + backward (input requires grad)")
def reformer_backward():
    from reformer_pytorch import Reformer
    model = Reformer(dim=32, depth=2, heads=4, bucket_size=8, n_hashes=2, lsh_dropout=0.1, causal=True)

    def f(x):
        y = model(x)
        y.sum().backward()
        return y
    return f, (torch.randn(1, 64, 32, requires_grad=True),)


@entry("reformer-pytorch", "ReformerLM with local attention heads, 16 memory kv, a PKM layer, axial position embedding, ff/attn chunks")
def reformer_lm_full_options():
    from reformer_pytorch import ReformerLM
    model = ReformerLM(num_tokens=100, dim=32, depth=2, max_seq_len=64, heads=4, dim_head=8, bucket_size=8,
                       n_hashes=2, ff_chunks=4, attn_chunks=2, causal=True, num_mem_kv=16, n_local_attn_heads=2,
                       pkm_layers=(1,), pkm_num_keys=64, axial_position_emb=True, axial_position_shape=(8, 8),
                       emb_dim=16, weight_tie_embedding=False)
    return model, (torch.randint(0, 100, (1, 64)),)


@entry("reformer-pytorch", "Autopadder(ReformerLM) on a 50-token sequence with an input_mask (pads to the bucket multiple)")
def autopadder_lm():
    from reformer_pytorch import ReformerLM, Autopadder
    model = Autopadder(ReformerLM(num_tokens=100, dim=32, depth=1, max_seq_len=64, heads=2, bucket_size=8,
                                  n_hashes=2, causal=True))

    def f(x, mask):
        return model(x, input_mask=mask)
    return f, (torch.randint(0, 100, (1, 50)), torch.ones(1, 50, dtype=torch.bool))


@entry("reformer-pytorch", "ReformerEncDec(dim 32) translation loss with return_loss and an encoder input mask")
def reformer_enc_dec_loss():
    from reformer_pytorch import ReformerEncDec
    model = ReformerEncDec(dim=32, enc_num_tokens=50, enc_depth=1, enc_max_seq_len=32, dec_num_tokens=50,
                           dec_depth=1, dec_max_seq_len=32, enc_bucket_size=8, dec_bucket_size=8, enc_n_hashes=2,
                           dec_n_hashes=2, enc_heads=2, dec_heads=2)

    def f(src, tgt, mask):
        return model(src, tgt, return_loss=True, enc_input_mask=mask)
    return f, (torch.randint(0, 50, (1, 32)), torch.randint(0, 50, (1, 32)), torch.ones(1, 32, dtype=torch.bool))


@entry("reformer-pytorch", "TrainingWrapper(ReformerLM).generate: 6 tokens, top-k filter 0.9, temperature 1", calls=1)
def training_wrapper_generate():
    from reformer_pytorch import ReformerLM
    from reformer_pytorch.generative_tools import TrainingWrapper
    model = TrainingWrapper(ReformerLM(num_tokens=50, dim=32, depth=1, max_seq_len=32, heads=2, bucket_size=8,
                                       n_hashes=2, causal=True))
    model.eval()

    def f(start):
        return model.generate(start, 6, temperature=1.0, filter_thres=0.9)
    return f, (torch.randint(0, 50, (1, 8)),)


# ==================================================================== nnaudio ==
# held-out set 5. Audio spectrograms as trainable layers with nnAudio (nnAudio.features) as in its
# README: STFT and its inverse, mel spectrogram and MFCC, constant-Q transforms (1992 and 2010
# variants), the variable-Q transform, a gammatonegram and Griffin-Lim. Constructor defaults are kept
# (verbose=True prints in the builder only).
@entry("nnaudio", "features.STFT(n_fft 256, hop 64, sr 8000) magnitude and complex output, then inverse()")
def stft_inverse():
    from nnAudio import features
    stft = features.STFT(n_fft=256, hop_length=64, sr=8000, iSTFT=True, output_format="Complex")

    def f(x):
        spec = stft(x)
        return stft(x, output_format="Magnitude"), stft.inverse(spec, length=x.shape[-1])
    return f, (torch.randn(2, 4000),)


@entry("nnaudio", "features.MelSpectrogram(sr 8000, n_fft 256, n_mels 40, trainable_mel) and MFCC(n_mfcc 13)")
def mel_mfcc():
    from nnAudio import features
    mel = features.MelSpectrogram(sr=8000, n_fft=256, n_mels=40, hop_length=64, trainable_mel=True)
    mfcc = features.MFCC(sr=8000, n_mfcc=13, n_fft=256, n_mels=40, hop_length=64)

    def f(x):
        return mel(x), mfcc(x)
    return f, (torch.randn(2, 4000),)


@entry("nnaudio", "features.CQT1992v2(sr 8000, hop 128, fmin 55, n_bins 48) forward (CQT alias)")
def cqt1992v2():
    from nnAudio import features
    cqt = features.CQT1992v2(sr=8000, hop_length=128, fmin=55, n_bins=48, bins_per_octave=12)
    return cqt, (torch.randn(2, 4000),)


@entry("nnaudio", "features.CQT2010v2(sr 8000, hop 128, fmin 55, n_bins 48): early downsampling, octave by octave")
def cqt2010v2():
    from nnAudio import features
    cqt = features.CQT2010v2(sr=8000, hop_length=128, fmin=55, n_bins=48, bins_per_octave=12)
    return cqt, (torch.randn(2, 4000),)


@entry("nnaudio", "features.VQT(sr 8000, hop 128, fmin 55, n_bins 36, gamma 5) forward")
def vqt_forward():
    from nnAudio import features
    vqt = features.VQT(sr=8000, hop_length=128, fmin=55, n_bins=36, bins_per_octave=12, gamma=5)
    return vqt, (torch.randn(2, 4000),)


@entry("nnaudio", "features.Gammatonegram(sr 8000, n_fft 256, n_bins 32) forward")
def gammatonegram():
    from nnAudio import features
    g = features.Gammatonegram(sr=8000, n_fft=256, n_bins=32, hop_length=64)
    return g, (torch.randn(2, 4000),)


@entry("nnaudio", "features.CQT2010(sr 8000, hop 128, fmin 55, n_bins 48): the original (frequency-domain kernel) CQT 2010")
def cqt2010():
    from nnAudio import features
    cqt = features.CQT2010(sr=8000, hop_length=128, fmin=55, n_bins=48, bins_per_octave=12)
    return cqt, (torch.randn(2, 4000),)


# ==== held-out set 5, second batch (chosen 2026-11-21 by the same helper, blind to graphlint, because the
# first batch's default-family site count was low): do not tune graphlint on these
PACKAGES.update({
    "torch-struct": {"dirs": ["torch_struct"], "split": "dev"},
})


# =============================================================== torch-struct ==
# held-out set 5 (second batch). Structured prediction with torch-struct's distributions as in its
# README and docstrings: linear-chain, semi-Markov, alignment and HMM chains, projective and
# non-projective dependency trees and CKY trees; partition, marginals, argmax, entropy and log_prob.
@entry("torch-struct", "LinearChainCRF(log_potentials (2, 6, 4, 4), lengths): partition, marginals, argmax, log_prob(argmax)")
def linear_chain_crf():
    from torch_struct import LinearChainCRF

    def f(phi, lengths):
        dist = LinearChainCRF(phi, lengths=lengths)
        return dist.partition, dist.marginals, dist.log_prob(dist.argmax), dist.entropy
    return f, (torch.randn(2, 6, 4, 4), torch.tensor([7, 5]))


@entry("torch-struct", "BiLSTM-CRF tagging loss: LSTM -> linear-chain potentials, -log_prob of gold tags (to_parts)")
def bilstm_crf_loss():
    from torch_struct import LinearChainCRF
    lstm = torch.nn.LSTM(8, 6, batch_first=True, bidirectional=True)
    proj = torch.nn.Linear(12, 4 * 4)

    def f(x, tags, lengths):
        h, _ = lstm(x)
        phi = proj(h[:, 1:]).view(x.shape[0], x.shape[1] - 1, 4, 4)
        dist = LinearChainCRF(phi, lengths=lengths)
        gold = LinearChainCRF.struct.to_parts(tags, 4, lengths=lengths).type_as(phi)
        return -dist.log_prob(gold).mean()
    return f, (torch.randn(2, 7, 8), torch.randint(0, 4, (2, 7)), torch.tensor([7, 5]))


@entry("torch-struct", "DependencyCRF(log_potentials (2, 6, 6)).entropy (the README example; see README.md)")
def dependency_crf():
    from torch_struct import DependencyCRF

    def f(phi):
        return DependencyCRF(phi).entropy
    return f, (torch.randn(2, 6, 6),)


@entry("torch-struct", "NonProjectiveDependencyCRF (matrix-tree theorem): marginals, partition, entropy")
def non_projective_dependency_crf():
    from torch_struct import NonProjectiveDependencyCRF

    def f(phi):
        dist = NonProjectiveDependencyCRF(phi)
        return dist.marginals, dist.partition, dist.entropy
    return f, (torch.randn(2, 6, 6),)


@entry("torch-struct", "TreeCRF (CKY, log_potentials (2, 5, 5, 3), lengths): partition, marginals, argmax")
def tree_crf():
    from torch_struct import TreeCRF

    def f(phi, lengths):
        dist = TreeCRF(phi, lengths=lengths)
        return dist.partition, dist.marginals, dist.argmax
    return f, (torch.randn(2, 5, 5, 3), torch.tensor([5, 4]))


@entry("torch-struct", "SemiMarkovCRF(log_potentials (2, 6, 3, 4, 4)): partition, marginals, argmax")
def semi_markov_crf():
    from torch_struct import SemiMarkovCRF

    def f(phi):
        dist = SemiMarkovCRF(phi)
        return dist.partition, dist.marginals, dist.argmax
    return f, (torch.randn(2, 6, 3, 4, 4),)


@entry("torch-struct", "LinearChainCRF k-best and sampling: sample((2,)), topk(2), max (replaces AlignmentCRF, see README.md)")
def linear_chain_kbest_sample():
    from torch_struct import LinearChainCRF

    def f(phi):
        dist = LinearChainCRF(phi)
        return dist.sample((2,)), dist.topk(2), dist.max
    return f, (torch.randn(2, 6, 4, 4),)


@entry("torch-struct", "HMM(transition, emission, init, observations): partition and marginals (smoothing)")
def hmm_smoothing():
    from torch_struct import HMM

    def f(trans, emit, init, obs):
        dist = HMM(trans.log_softmax(0), emit.log_softmax(0), init.log_softmax(0), obs)
        return dist.partition, dist.marginals
    return f, (torch.randn(4, 4), torch.randn(10, 4), torch.randn(4), torch.randint(0, 10, (2, 6)))


# ==== held-out set 5, third batch (chosen 2026-11-21 by a helper blind to graphlint): do not tune graphlint on these
PACKAGES.update({
    "st-moe-pytorch": {"dirs": ["st_moe_pytorch"], "split": "dev"},
    "torch-ema": {"dirs": ["torch_ema"], "split": "dev"},
    "cooper-optim": {"dirs": ["cooper"], "split": "dev"},
    "torchode": {"dirs": ["torchode"], "split": "dev"},
    "torch-dct": {"dirs": ["torch_dct"], "split": "dev"},
})


# ============================================================= st-moe-pytorch ==
# held-out set 5 (third batch). Sparse mixture-of-experts routing (ST-MoE: top-n gating with
# thresholds, expert capacity, balance and router z-losses) as in the st-moe-pytorch README.
@entry("st-moe-pytorch", "MoE(dim 16, 4 experts, top-2 gating) forward in train mode (the README example)")
def moe_forward_train():
    from st_moe_pytorch import MoE
    moe = MoE(dim=16, num_experts=4, gating_top_n=2, threshold_train=0.2, threshold_eval=0.2,
              capacity_factor_train=1.25, capacity_factor_eval=2., balance_loss_coef=1e-2,
              router_z_loss_coef=1e-3)
    moe.train()

    def f(x):
        out, total_aux_loss, balance_loss, router_z_loss = moe(x)
        return out, total_aux_loss, balance_loss, router_z_loss
    return f, (torch.randn(2, 32, 16),)


@entry("st-moe-pytorch", "MoE forward in eval mode (eval threshold and capacity factor)")
def moe_forward_eval():
    from st_moe_pytorch import MoE
    moe = MoE(dim=16, num_experts=4).eval()

    def f(x):
        with torch.no_grad():
            return moe(x).outputs
    return f, (torch.randn(2, 32, 16),)


@entry("st-moe-pytorch", "SparseMoEBlock(ff before and after) training step: (out.sum() + aux loss).backward(), Adam step")
def sparse_moe_block_train_step():
    from st_moe_pytorch import MoE, SparseMoEBlock
    moe = MoE(dim=16, num_experts=4, gating_top_n=2)
    block = SparseMoEBlock(moe, add_ff_before=True, add_ff_after=True)
    opt = torch.optim.Adam(block.parameters(), lr=1e-3)

    def f(x):
        out, total_aux_loss, _, _ = block(x)
        loss = out.pow(2).mean() + total_aux_loss
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(2, 16, 16),)


@entry("st-moe-pytorch", "MoE with top-3 gating (two thresholds) and noisy gates (noise_gates=True, noise_mult 0.5)")
def moe_top3_noisy_gates():
    from st_moe_pytorch import MoE
    moe = MoE(dim=16, num_experts=6, gating_top_n=3, threshold_train=(0.2, 0.1), threshold_eval=(0.2, 0.1))

    def f(x):
        return moe(x, noise_gates=True, noise_mult=0.5)
    return f, (torch.randn(2, 24, 16),)


@entry("st-moe-pytorch", "a 2-layer transformer-style stack of attention + SparseMoEBlock, summed aux losses")
def moe_transformer_stack():
    from st_moe_pytorch import MoE, SparseMoEBlock
    attn = torch.nn.ModuleList(torch.nn.MultiheadAttention(16, 2, batch_first=True) for _ in range(2))
    blocks = torch.nn.ModuleList(SparseMoEBlock(MoE(dim=16, num_experts=4)) for _ in range(2))

    def f(x):
        aux = x.new_zeros(())
        for a, b in zip(attn, blocks):
            x = a(x, x, x, need_weights=False)[0] + x
            x, aux_loss, _, _ = b(x)
            aux = aux + aux_loss
        return x, aux
    return f, (torch.randn(2, 16, 16),)


# ================================================================== torch-ema ==
# held-out set 5 (third batch). Exponential moving average of model weights during training, as in the
# torch-ema README: update after each optimizer step, evaluate with the averaged weights.
@entry("torch-ema", "training step (Linear, cross-entropy, Adam) followed by ema.update() (the README loop body)")
def ema_train_step_update():
    from torch_ema import ExponentialMovingAverage
    model = torch.nn.Sequential(torch.nn.Linear(10, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2))
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    ema = ExponentialMovingAverage(model.parameters(), decay=0.995)

    def f(x, y):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        ema.update()
        return loss.detach()
    return f, (torch.randn(32, 10), torch.randint(0, 2, (32,)))


@entry("torch-ema", "validation with the averaged weights: with ema.average_parameters(): model(x) (README)")
def ema_average_parameters_eval():
    from torch_ema import ExponentialMovingAverage
    model = torch.nn.Sequential(torch.nn.Linear(10, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2))
    ema = ExponentialMovingAverage(model.parameters(), decay=0.9)
    with torch.no_grad():
        for p in model.parameters():
            p.add_(0.1)
    ema.update()

    def f(x):
        with torch.no_grad():
            with ema.average_parameters():
                avg = model(x)
            return avg, model(x)
    return f, (torch.randn(8, 10),)


@entry("torch-ema", "ema.store(), ema.copy_to(), eval forward, ema.restore() (README)")
def ema_store_copy_restore():
    from torch_ema import ExponentialMovingAverage
    model = torch.nn.Linear(10, 2)
    ema = ExponentialMovingAverage(model.parameters(), decay=0.9)
    ema.update()

    def f(x):
        ema.store()
        ema.copy_to()
        with torch.no_grad():
            y = model(x)
        ema.restore()
        return y
    return f, (torch.randn(8, 10),)


@entry("torch-ema", "use_num_updates=False, update(parameters) with explicit parameters after an SGD step, copy_to a second model")
def ema_explicit_parameters():
    from torch_ema import ExponentialMovingAverage
    model = torch.nn.Linear(10, 2)
    shadow_model = torch.nn.Linear(10, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    ema = ExponentialMovingAverage(model.parameters(), decay=0.99, use_num_updates=False)

    def f(x, y):
        loss = (model(x) - y).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        ema.update(model.parameters())
        ema.copy_to(shadow_model.parameters())
        return loss.detach(), shadow_model.weight.detach().clone()
    return f, (torch.randn(16, 10), torch.randn(16, 2))


# =============================================================== cooper-optim ==
# held-out set 5 (third batch). Constrained optimisation with Lagrangian methods (cooper): a
# ConstrainedMinimizationProblem computes a CMPState, a CooperOptimizer does primal-dual updates with
# roll(), as in cooper's README and docs.
def _cooper_problem(constraint_type_name="INEQUALITY", formulation=None, penalty=False, indexed=False, n=8):
    import cooper

    class NormConstrainedClassifier(cooper.ConstrainedMinimizationProblem):
        """Logistic regression whose weight norm must stay below 1 (or equal 1 / per-sample losses)."""

        def __init__(self):
            super().__init__()
            ctype = getattr(cooper.ConstraintType, constraint_type_name)
            if indexed:
                multiplier = cooper.multipliers.IndexedMultiplier(num_constraints=n)
            else:
                multiplier = cooper.multipliers.DenseMultiplier(num_constraints=1)
            kwargs = {}
            if formulation is not None:
                kwargs["formulation_type"] = formulation
            if penalty:
                kwargs["penalty_coefficient"] = cooper.penalty_coefficients.DensePenaltyCoefficient(
                    init=torch.tensor(1.0))
            self.constraint = cooper.Constraint(multiplier=multiplier, constraint_type=ctype, **kwargs)

        def compute_cmp_state(self, model, inputs, targets):
            logits = model(inputs)
            per_sample = torch.nn.functional.cross_entropy(logits, targets, reduction="none")
            loss = per_sample.mean()
            if indexed:
                idx = torch.arange(inputs.shape[0])
                state = cooper.ConstraintState(violation=per_sample - 1.0, constraint_features=idx)
            else:
                sq_norm = sum(p.pow(2).sum() for p in model.parameters())
                state = cooper.ConstraintState(violation=(sq_norm - 1.0).reshape(1))
            return cooper.CMPState(loss=loss, observed_constraints={self.constraint: state})

    return NormConstrainedClassifier()


@entry("cooper-optim", "SimultaneousOptimizer.roll on a norm-constrained classifier (Lagrangian, DenseMultiplier; the README example)")
def simultaneous_lagrangian_roll():
    import cooper
    model = torch.nn.Linear(6, 3)
    cmp = _cooper_problem()
    primal = torch.optim.Adam(model.parameters(), lr=1e-3)
    dual = torch.optim.SGD(cmp.dual_parameters(), lr=1e-2, maximize=True)
    opt = cooper.optim.SimultaneousOptimizer(cmp=cmp, primal_optimizers=primal, dual_optimizers=dual)

    def f(x, y):
        roll_out = opt.roll(compute_cmp_state_kwargs={"model": model, "inputs": x, "targets": y})
        return roll_out.loss, roll_out.primal_lagrangian_store.lagrangian
    return f, (torch.randn(8, 6), torch.randint(0, 3, (8,)))


@entry("cooper-optim", "AlternatingPrimalDualOptimizer.roll with an equality constraint")
def alternating_primal_dual_roll():
    import cooper
    model = torch.nn.Linear(6, 3)
    cmp = _cooper_problem("EQUALITY")
    primal = torch.optim.SGD(model.parameters(), lr=1e-2)
    dual = torch.optim.SGD(cmp.dual_parameters(), lr=1e-2, maximize=True)
    opt = cooper.optim.AlternatingPrimalDualOptimizer(cmp=cmp, primal_optimizers=primal, dual_optimizers=dual)

    def f(x, y):
        roll_out = opt.roll(compute_cmp_state_kwargs={"model": model, "inputs": x, "targets": y})
        return roll_out.loss
    return f, (torch.randn(8, 6), torch.randint(0, 3, (8,)))


@entry("cooper-optim", "AugmentedLagrangian with a DensePenaltyCoefficient: AlternatingDualPrimalOptimizer.roll + MultiplicativePenaltyCoefficientUpdater.step")
def augmented_lagrangian_roll():
    import cooper
    model = torch.nn.Linear(6, 3)
    cmp = _cooper_problem(formulation=cooper.formulations.AugmentedLagrangian, penalty=True)
    primal = torch.optim.SGD(model.parameters(), lr=1e-2)
    dual = torch.optim.SGD(cmp.dual_parameters(), lr=1e-2, maximize=True)
    opt = cooper.optim.AlternatingDualPrimalOptimizer(cmp=cmp, primal_optimizers=primal, dual_optimizers=dual)
    updater = cooper.penalty_coefficients.MultiplicativePenaltyCoefficientUpdater(growth_factor=1.1)

    def f(x, y):
        roll_out = opt.roll(compute_cmp_state_kwargs={"model": model, "inputs": x, "targets": y})
        updater.step(roll_out.cmp_state.observed_constraints)
        return roll_out.loss
    return f, (torch.randn(8, 6), torch.randint(0, 3, (8,)))


@entry("cooper-optim", "ExtrapolationConstrainedOptimizer with ExtraSGD primal and ExtraAdam dual (extragradient roll)")
def extrapolation_roll():
    import cooper
    model = torch.nn.Linear(6, 3)
    cmp = _cooper_problem()
    primal = cooper.optim.ExtraSGD(model.parameters(), lr=1e-2)
    dual = cooper.optim.ExtraAdam(cmp.dual_parameters(), lr=1e-2, maximize=True)
    opt = cooper.optim.ExtrapolationConstrainedOptimizer(cmp=cmp, primal_optimizers=primal, dual_optimizers=dual)

    def f(x, y):
        return opt.roll(compute_cmp_state_kwargs={"model": model, "inputs": x, "targets": y}).loss
    return f, (torch.randn(8, 6), torch.randint(0, 3, (8,)))


@entry("cooper-optim", "per-sample loss constraints with an IndexedMultiplier (constraint_features) and a nuPI dual optimizer")
def indexed_multiplier_nupi():
    import cooper
    model = torch.nn.Linear(6, 3)
    cmp = _cooper_problem(indexed=True, n=8)
    primal = torch.optim.Adam(model.parameters(), lr=1e-3)
    dual = cooper.optim.nuPI(cmp.dual_parameters(), lr=1e-2, Kp=1.0, Ki=1.0, maximize=True)
    opt = cooper.optim.SimultaneousOptimizer(cmp=cmp, primal_optimizers=primal, dual_optimizers=dual)

    def f(x, y):
        return opt.roll(compute_cmp_state_kwargs={"model": model, "inputs": x, "targets": y}).loss
    return f, (torch.randn(8, 6), torch.randint(0, 3, (8,)))


# =================================================================== torchode ==
# held-out set 5 (third batch). Batch-parallel ODE solving with torchode (independent of torchdiffeq):
# step methods, step-size controllers and adjoints, as in its README and docs.
@entry("torchode", "Dopri5 + IntegralController + AutoDiffAdjoint.solve, per-sample t_eval (the README example)")
def dopri5_integral_solve():
    import torchode as to

    def rhs(t, y):
        return -0.5 * y
    term = to.ODETerm(rhs)
    step_method = to.Dopri5(term=term)
    controller = to.IntegralController(atol=1e-6, rtol=1e-3, term=term)
    solver = to.AutoDiffAdjoint(step_method, controller)

    def f(y0, t_eval):
        sol = solver.solve(to.InitialValueProblem(y0=y0, t_eval=t_eval))
        return sol.ts, sol.ys, sol.status
    t_eval = torch.stack((torch.linspace(0, 5, 10), torch.linspace(3, 4, 10)))
    return f, (torch.tensor([[1.2], [5.0]]), t_eval)


@entry("torchode", "solve_ivp(f, y0, t_eval, method='tsit5') on a damped oscillator (default PID controller)")
def solve_ivp_tsit5():
    import torchode as to

    def rhs(t, y):
        return torch.stack((y[:, 1], -y[:, 0] - 0.1 * y[:, 1]), dim=-1)

    def f(y0, t_eval):
        sol = to.solve_ivp(rhs, y0, t_eval, method="tsit5")
        return sol.ys
    return f, (torch.randn(3, 2), torch.linspace(0, 2, 8))


@entry("torchode", "neural ODE training step: MLP vector field, Tsit5 + PIDController, AutoDiffAdjoint, MSE backward")
def neural_ode_train_step():
    import torchode as to
    net = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.Tanh(), torch.nn.Linear(16, 4))
    term = to.ODETerm(lambda t, y: net(y))
    controller = to.PIDController(atol=1e-5, rtol=1e-4, pcoeff=0.2, icoeff=0.5, dcoeff=0.0, term=term)
    solver = to.AutoDiffAdjoint(to.Tsit5(term=term), controller)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def f(y0, t_eval, target):
        sol = solver.solve(to.InitialValueProblem(y0=y0, t_eval=t_eval))
        loss = (sol.ys - target).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(4, 4), torch.linspace(0, 1, 5).expand(4, -1), torch.randn(4, 5, 4))


@entry("torchode", "fixed steps: Euler and Heun with FixedStepController (dt0 0.05)")
def fixed_step_euler_heun():
    import torchode as to

    def rhs(t, y):
        return torch.sin(t)[:, None] - y

    term = to.ODETerm(rhs)
    euler = to.AutoDiffAdjoint(to.Euler(term=term), to.FixedStepController())
    heun = to.AutoDiffAdjoint(to.Heun(term=term), to.FixedStepController())

    def f(y0, t_eval):
        problem = to.InitialValueProblem(y0=y0, t_eval=t_eval)
        dt0 = torch.full((y0.shape[0],), 0.05)
        return euler.solve(problem, dt0=dt0).ys, heun.solve(problem, dt0=dt0).ys
    return f, (torch.randn(3, 2), torch.linspace(0, 1, 6).expand(3, -1))


@entry("torchode", "BacksolveAdjoint (adjoint method) on an MLP vector field, loss backward")
def backsolve_adjoint_grad():
    import torchode as to
    class VectorField(torch.nn.Module):  # the adjoint needs f to be a Module (its parameters)
        def __init__(self):
            super().__init__()
            self.net = torch.nn.Sequential(torch.nn.Linear(3, 8), torch.nn.Tanh(), torch.nn.Linear(8, 3))

        def forward(self, t, y):
            return self.net(y)
    term = to.ODETerm(VectorField())
    controller = to.IntegralController(atol=1e-5, rtol=1e-4, term=term)
    solver = to.BacksolveAdjoint(term, to.Dopri5(term=term), controller)

    def f(y0, t_eval):
        sol = solver.solve(to.InitialValueProblem(y0=y0, t_eval=t_eval))
        loss = sol.ys[:, -1].pow(2).sum()
        loss.backward()
        return loss.detach()
    return f, (torch.randn(2, 3), torch.linspace(0, 1, 4).expand(2, -1))


# ================================================================== torch-dct ==
# held-out set 5 (third batch). Discrete cosine transforms (DCT-II / DCT-III via FFT, 1-3D, and as a
# linear layer) as in the torch-dct README.
@entry("torch-dct", "dct then idct round trip over the last dim of (4, 64) (the README example)")
def dct_idct_roundtrip():
    import torch_dct as dct

    def f(x):
        X = dct.dct(x)
        return X, dct.idct(X)
    return f, (torch.randn(4, 64),)


@entry("torch-dct", "dct_2d / idct_2d with norm='ortho' on images, keeping the low-frequency 8x8 block (compression)")
def dct_2d_ortho_lowpass():
    import torch_dct as dct

    def f(img):
        X = dct.dct_2d(img, norm="ortho")
        mask = torch.zeros_like(X)
        mask[..., :8, :8] = 1
        return dct.idct_2d(X * mask, norm="ortho")
    return f, (torch.rand(2, 3, 16, 16),)


@entry("torch-dct", "dct_3d / idct_3d on a (2, 8, 8, 8) volume, and dct1 / idct1")
def dct_3d_and_dct1():
    import torch_dct as dct

    def f(v):
        V = dct.dct_3d(v)
        return dct.idct_3d(V), dct.idct1(dct.dct1(v[:, 0, 0]))
    return f, (torch.randn(2, 8, 8, 8),)


@entry("torch-dct", "LinearDCT(16, 'dct', norm='ortho') + apply_linear_2d and apply_linear_3d (README)")
def linear_dct_layers():
    import torch_dct as dct
    lin = dct.LinearDCT(16, "dct", norm="ortho")
    ilin = dct.LinearDCT(16, "idct", norm="ortho")

    def f(x, v):
        X = dct.apply_linear_2d(x, lin)
        return dct.apply_linear_2d(X, ilin), dct.apply_linear_3d(v, lin)
    return f, (torch.randn(2, 16, 16), torch.randn(2, 16, 16, 16))


# ==== held-out set 5, fourth batch (chosen 2026-11-21 by the same helper, blind to graphlint, because set 5
# had 30 default-family sites after the third batch): do not tune graphlint on these
PACKAGES.update({
    "xitorch": {"dirs": ["xitorch"], "split": "dev"},
    "pytorch-msssim": {"dirs": ["pytorch_msssim"], "split": "dev"},
})


# ==================================================================== xitorch ==
# held-out set 5 (fourth batch). Differentiable scientific computing with xitorch, as in its README and
# docs: root finding, equilibrium and minimisation with implicit gradients, linear solves and
# eigendecompositions of LinearOperators, quadrature, IVP solving and interpolation.
@entry("xitorch", "rootfinder(tanh(A @ y + 0.1) + y / 2, y0, params=(A,)) and dy/dA by autograd.grad (the README example)")
def rootfinder_grad():
    from xitorch.optimize import rootfinder

    def func1(y, A):
        return torch.tanh(A @ y + 0.1) + y / 2.0

    def f(A, y0):
        yroot = rootfinder(func1, y0, params=(A,))
        dydA, = torch.autograd.grad(yroot.sum(), (A,), create_graph=True)
        return yroot, dydA
    return f, (torch.tensor([[1.1, 0.4], [0.3, 0.8]]).requires_grad_(), torch.zeros((2, 1)))


@entry("xitorch", "equilibrium(y = tanh(W y + b)) and minimize(a quadratic-plus-quartic in y) with their parameter gradients")
def equilibrium_minimize():
    from xitorch.optimize import equilibrium, minimize

    def fixed_point(y, W, b):
        return torch.tanh(W @ y + b)

    def energy(y, A):
        return (y * (A @ y)).sum() + (y ** 4).sum() - y.sum()

    def f(W, b, A):
        yeq = equilibrium(fixed_point, torch.zeros(3, 1), params=(W, b))
        ymin = minimize(energy, torch.zeros(3, 1), params=(A,), method="gd", step=0.05, maxiter=200)
        loss = yeq.sum() + ymin.sum()
        loss.backward()
        return yeq, ymin
    A = torch.eye(3) * 2 + 0.1
    return f, ((0.3 * torch.randn(3, 3)).requires_grad_(), torch.randn(3, 1, requires_grad=True),
               A.requires_grad_())


@entry("xitorch", "linalg.solve(LinearOperator.m(A), B) and symeig(LinearOperator.m(H), neig=2), backward through both")
def linop_solve_symeig():
    import xitorch
    from xitorch.linalg import solve, symeig

    def f(M, B):
        A = M @ M.transpose(-1, -2) + 4 * torch.eye(4)
        x = solve(xitorch.LinearOperator.m(A), B)
        H = (M + M.transpose(-1, -2)) / 2
        evals, evecs = symeig(xitorch.LinearOperator.m(H), neig=2, mode="lowest")
        loss = x.pow(2).sum() + evals.sum()
        loss.backward()
        return x, evals
    return f, (torch.randn(4, 4, requires_grad=True), torch.randn(4, 2))


@entry("xitorch", "integrate.quad of a parametrised Gaussian over [-2, 3] and grad w.r.t. its parameters")
def quad_grad():
    from xitorch.integrate import quad

    def gauss(x, mu, sigma):
        return torch.exp(-0.5 * ((x - mu) / sigma) ** 2)

    def f(mu, sigma):
        val = quad(gauss, torch.tensor(-2.0), torch.tensor(3.0), params=(mu, sigma))
        dmu, dsigma = torch.autograd.grad(val.sum(), (mu, sigma))
        return val, dmu, dsigma
    return f, (torch.tensor([0.0, 0.5], requires_grad=True), torch.tensor([1.0, 0.7], requires_grad=True))


@entry("xitorch", "integrate.solve_ivp (rk45 and rk4) of a parametrised linear ODE, loss backward")
def solve_ivp_rk():
    from xitorch.integrate import solve_ivp

    def rhs(t, y, a):
        return -a * y

    def f(a, y0):
        ts = torch.linspace(0, 1, 6)
        y45 = solve_ivp(rhs, ts, y0, params=(a,), method="rk45")
        y4 = solve_ivp(rhs, ts, y0, params=(a,), method="rk4")
        loss = y45[-1].sum() + y4[-1].sum()
        loss.backward()
        return y45, y4
    return f, (torch.tensor([0.5, 1.0, 2.0], requires_grad=True), torch.ones(3))


@entry("xitorch", "Interp1D(x, y, method='cspline') and 'linear' evaluated at new points, and SQuad cumulative quadrature")
def interp1d_squad():
    from xitorch.interpolate import Interp1D
    from xitorch.integrate import SQuad

    def f(y, xq):
        x = torch.linspace(0, 3, 10)
        cs = Interp1D(x, y, method="cspline")(xq)
        lin = Interp1D(x, y, method="linear")(xq)
        sq = SQuad(x, method="cspline")
        return cs, lin, sq.cumsum(y), sq.integrate(y)
    return f, (torch.sin(torch.linspace(0, 3, 10)), torch.rand(7) * 3)


# ============================================================= pytorch-msssim ==
# held-out set 5 (fourth batch). Differentiable SSIM / MS-SSIM image-quality measures and losses, as in
# the pytorch-msssim README.
@entry("pytorch-msssim", "ssim and ms_ssim functional, data_range 255, size_average=False on (2, 3, 168, 168) (the README example)")
def ssim_ms_ssim_fn():
    from pytorch_msssim import ssim, ms_ssim

    def f(X, Y):
        return ssim(X, Y, data_range=255, size_average=False), ms_ssim(X, Y, data_range=255, size_average=False)
    X = torch.rand(2, 3, 168, 168) * 255
    return f, (X, (X + torch.randn_like(X) * 10).clamp(0, 255))


@entry("pytorch-msssim", "SSIM module as a loss: 1 - ssim_module(X, Y) backward through a conv denoiser (README)")
def ssim_module_loss():
    from pytorch_msssim import SSIM
    ssim_module = SSIM(data_range=1.0, size_average=True, channel=3)
    net = torch.nn.Conv2d(3, 3, 3, padding=1)

    def f(noisy, clean):
        out = net(noisy)
        loss = 1 - ssim_module(out, clean)
        loss.backward()
        return loss.detach()
    clean = torch.rand(2, 3, 32, 32)
    return f, (clean + 0.1 * torch.randn_like(clean), clean)


@entry("pytorch-msssim", "MS_SSIM module with custom weights, win_size 7 and K=(0.01, 0.4) (README options)")
def ms_ssim_module_options():
    from pytorch_msssim import MS_SSIM
    ms_ssim_module = MS_SSIM(data_range=1.0, size_average=True, channel=1, win_size=7,
                             weights=[0.0448, 0.2856, 0.3001, 0.2363, 0.1333], K=(0.01, 0.4))

    def f(X, Y):
        return 1 - ms_ssim_module(X, Y)
    X = torch.rand(2, 1, 112, 112)
    return f, (X, (X + 0.05 * torch.randn_like(X)).clamp(0, 1))


@entry("pytorch-msssim", "ssim on 5-D volumes (N, C, T, H, W), win_size 5, nonnegative_ssim=True")
def ssim_volumes_nonnegative():
    from pytorch_msssim import ssim

    def f(X, Y):
        return ssim(X, Y, data_range=1.0, win_size=5, nonnegative_ssim=True)
    X = torch.rand(1, 1, 12, 24, 24)
    return f, (X, (X + 0.1 * torch.randn_like(X)).clamp(0, 1))


# ==== held-out set 6 (chosen 2026-11-21 by a helper blind to graphlint): do not tune graphlint on these.
# Popular PyTorch model code and libraries (see README.md, "Held-out set 6"). Registered here, at the end
# of the file, so that no earlier line moves.
PACKAGES.update({
    "efficientnet-pytorch": {"dirs": ["efficientnet_pytorch"], "split": "dev"},
    "conformer": {"dirs": ["conformer"], "split": "dev"},
    "perceiver-pytorch": {"dirs": ["perceiver_pytorch"], "split": "dev"},
    "rotary-embedding-torch": {"dirs": ["rotary_embedding_torch"], "split": "dev"},
    "lion-pytorch": {"dirs": ["lion_pytorch"], "split": "dev"},
    "schedulefree": {"dirs": ["schedulefree"], "split": "dev"},
    "normflows": {"dirs": ["normflows"], "split": "dev"},
    "peft": {"dirs": ["peft"], "split": "dev"},
    "botorch": {"dirs": ["botorch"], "split": "dev"},
})


# ======================================================= efficientnet-pytorch ==
# held-out set 6. EfficientNet (lukemelas/EfficientNet-PyTorch) built with EfficientNet.from_name (random
# weights, no download), as in its README: classification forward, feature extraction, training step.
@entry("efficientnet-pytorch", "EfficientNet.from_name('efficientnet-b0', num_classes=10) eval forward on 2x3x64x64 (README)")
def efficientnet_b0_forward():
    from efficientnet_pytorch import EfficientNet
    model = EfficientNet.from_name("efficientnet-b0", num_classes=10).eval()

    def f(x):
        with torch.no_grad():
            return model(x)
    return f, (torch.randn(2, 3, 64, 64),)


@entry("efficientnet-pytorch", "extract_features and extract_endpoints (README feature extraction) on efficientnet-b0")
def efficientnet_extract_features():
    from efficientnet_pytorch import EfficientNet
    model = EfficientNet.from_name("efficientnet-b0").eval()

    def f(x):
        feats = model.extract_features(x)
        endpoints = model.extract_endpoints(x)
        return feats, endpoints["reduction_3"], endpoints["reduction_6"]
    return f, (torch.randn(1, 3, 64, 64),)


@entry("efficientnet-pytorch", "training step: efficientnet-b1 (dropout, drop-connect) cross-entropy backward, SGD step")
def efficientnet_train_step():
    from efficientnet_pytorch import EfficientNet
    model = EfficientNet.from_name("efficientnet-b1", num_classes=5, image_size=64).train()
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def f(x, y):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(2, 3, 64, 64), torch.tensor([1, 3]))


@entry("efficientnet-pytorch", "set_swish(memory_efficient=False) (the export path of the README) + in_channels=1 on efficientnet-b0")
def efficientnet_export_swish_grayscale():
    from efficientnet_pytorch import EfficientNet
    model = EfficientNet.from_name("efficientnet-b0", in_channels=1, num_classes=3).eval()
    model.set_swish(memory_efficient=False)

    def f(x):
        return model(x).softmax(-1)
    return f, (torch.randn(2, 1, 48, 48),)


# ================================================================== conformer ==
# held-out set 6. The Conformer speech encoder block (lucidrains/conformer), as in its README: a
# ConformerBlock with a mask and a Conformer stack, tiny dims.
@entry("conformer", "ConformerBlock(dim 64, 4 heads, kernel 15) forward with a boolean mask (README)")
def conformer_block_mask():
    from conformer import ConformerBlock
    block = ConformerBlock(dim=64, dim_head=16, heads=4, ff_mult=2, conv_expansion_factor=2,
                           conv_kernel_size=15, attn_dropout=0.1, ff_dropout=0.1, conv_dropout=0.1)

    def f(x, mask):
        return block(x, mask=mask)
    mask = torch.ones(2, 40, dtype=torch.bool)
    mask[1, 30:] = False
    return f, (torch.randn(2, 40, 64), mask)


@entry("conformer", "Conformer(dim 64, depth 3) stack: CTC-style training step (linear head, log_softmax loss backward)")
def conformer_stack_train_step():
    from conformer import Conformer
    model = Conformer(dim=64, depth=3, dim_head=16, heads=4, ff_mult=2, conv_kernel_size=15)
    head = torch.nn.Linear(64, 12)
    opt = torch.optim.AdamW(list(model.parameters()) + list(head.parameters()), lr=1e-3)

    def f(x, targets):
        logp = head(model(x)).log_softmax(-1).transpose(0, 1)
        loss = torch.nn.functional.ctc_loss(logp, targets, torch.full((2,), 40, dtype=torch.long),
                                            torch.tensor([8, 6]))
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(2, 40, 64), torch.randint(1, 12, (2, 8)))


@entry("conformer", "causal Conformer (conv_causal=True) eval forward on a streaming-size chunk")
def conformer_causal_eval():
    from conformer import Conformer
    model = Conformer(dim=32, depth=2, dim_head=8, heads=4, conv_kernel_size=7, conv_causal=True).eval()

    def f(x):
        with torch.no_grad():
            return model(x)
    return f, (torch.randn(1, 25, 32),)


# ========================================================== perceiver-pytorch ==
# held-out set 6. Perceiver and Perceiver IO (lucidrains/perceiver-pytorch), the README's models with
# tiny dims.
@entry("perceiver-pytorch", "Perceiver on a 2-D image (input_axis 2, Fourier features, 2 self-attn per cross) (README)")
def perceiver_image_classifier():
    from perceiver_pytorch import Perceiver
    model = Perceiver(input_channels=3, input_axis=2, num_freq_bands=6, max_freq=10., depth=2,
                      num_latents=16, latent_dim=32, cross_heads=1, latent_heads=4, cross_dim_head=16,
                      latent_dim_head=8, num_classes=10, attn_dropout=0., ff_dropout=0.,
                      weight_tie_layers=False, fourier_encode_data=True, self_per_cross_attn=2)

    def f(img):
        return model(img)
    return f, (torch.randn(2, 16, 16, 3),)


@entry("perceiver-pytorch", "PerceiverIO with decoder queries and seq_dropout_prob 0.2, train mode (README)")
def perceiver_io_queries():
    from perceiver_pytorch import PerceiverIO
    model = PerceiverIO(dim=16, queries_dim=16, logits_dim=20, depth=2, num_latents=16, latent_dim=32,
                        cross_heads=1, latent_heads=4, cross_dim_head=16, latent_dim_head=8,
                        weight_tie_layers=False, seq_dropout_prob=0.2)

    def f(seq, queries):
        return model(seq, queries=queries)
    return f, (torch.randn(2, 48, 16), torch.randn(12, 16))


@entry("perceiver-pytorch", "PerceiverLM with a padding mask: next-token loss backward (README)")
def perceiver_lm_loss():
    from perceiver_pytorch import PerceiverLM
    model = PerceiverLM(num_tokens=100, dim=16, depth=2, max_seq_len=64, num_latents=16, latent_dim=32,
                        cross_heads=1, latent_heads=4, cross_dim_head=16, latent_dim_head=8)

    def f(seq, mask):
        logits = model(seq[:, :-1], mask=mask[:, :-1])
        loss = torch.nn.functional.cross_entropy(logits.transpose(1, 2), seq[:, 1:])
        loss.backward()
        return loss.detach()
    mask = torch.ones(2, 33, dtype=torch.bool)
    mask[1, 20:] = False
    return f, (torch.randint(0, 100, (2, 33)), mask)


@entry("perceiver-pytorch", "PerceiverBlock with queries_contribute_kv and a context mask (README)")
def perceiver_block_mask():
    from perceiver_pytorch import PerceiverBlock
    block = PerceiverBlock(dim=32, context_dim=32, cross_heads=1, latent_heads=4, cross_dim_head=16,
                           latent_dim_head=8, queries_contribute_kv=True)

    def f(latents, data, mask):
        return block(latents, context=data, mask=mask)
    mask = torch.ones(2, 30, dtype=torch.bool)
    mask[0, 25:] = False
    return f, (torch.randn(2, 9, 32), torch.randn(2, 30, 32), mask)


@entry("perceiver-pytorch", "experimental Perceiver (bottom-up ISAB attention) on a 1-D sequence, fourier_encode_data=False (README)")
def perceiver_experimental_1d():
    from perceiver_pytorch.experimental import Perceiver
    model = Perceiver(input_channels=4, input_axis=1, num_freq_bands=4, max_freq=10., depth=2,
                      num_latents=16, latent_dim=32, cross_heads=1, latent_heads=4, cross_dim_head=16,
                      latent_dim_head=8, num_classes=5, fourier_encode_data=False)

    def f(x):
        return model(x)
    return f, (torch.randn(2, 40, 4),)


# ===================================================== rotary-embedding-torch ==
# held-out set 6. Rotary position embeddings (lucidrains/rotary-embedding-torch) as in its README, inside
# a small attention where the README applies them.
@entry("rotary-embedding-torch", "rotate_queries_or_keys on q and k, then causal attention (README)")
def rotary_queries_keys_attention():
    from rotary_embedding_torch import RotaryEmbedding
    rotary_emb = RotaryEmbedding(dim=16)

    def f(q, k, v):
        q = rotary_emb.rotate_queries_or_keys(q)
        k = rotary_emb.rotate_queries_or_keys(k)
        return torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
    return f, (torch.randn(1, 4, 64, 32), torch.randn(1, 4, 64, 32), torch.randn(1, 4, 64, 32))


@entry("rotary-embedding-torch", "rotate_queries_with_cached_keys (one query against a 48-key cache) + offset form (README)")
def rotary_kv_cache_decode():
    from rotary_embedding_torch import RotaryEmbedding
    rotary_emb = RotaryEmbedding(dim=16)

    def f(q, k):
        q1, k1 = rotary_emb.rotate_queries_with_cached_keys(q, k)
        q2 = rotary_emb.rotate_queries_or_keys(q, offset=k.shape[-2] - q.shape[-2])
        return q1, k1, q2
    return f, (torch.randn(1, 4, 1, 32), torch.randn(1, 4, 48, 32))


@entry("rotary-embedding-torch", "axial rotary frequencies for a video (freqs_for='pixel') + apply_rotary_emb (README)")
def rotary_axial_video():
    from rotary_embedding_torch import RotaryEmbedding, apply_rotary_emb
    pos_emb = RotaryEmbedding(dim=8, freqs_for="pixel", max_freq=64)

    def f(q, k):
        freqs = pos_emb.get_axial_freqs(4, 8, 6)
        return apply_rotary_emb(freqs, q), apply_rotary_emb(freqs, k)
    return f, (torch.randn(1, 4, 8, 6, 32), torch.randn(1, 4, 8, 6, 32))


@entry("rotary-embedding-torch", "xpos (use_xpos=True) rotate_queries_and_keys, and interpolate_factor 2 (README)")
def rotary_xpos_interpolate():
    from rotary_embedding_torch import RotaryEmbedding
    xpos = RotaryEmbedding(dim=16, use_xpos=True)
    interp = RotaryEmbedding(dim=16, interpolate_factor=2.)

    def f(q, k):
        q1, k1 = xpos.rotate_queries_and_keys(q, k)
        return q1, k1, interp.rotate_queries_or_keys(q)
    return f, (torch.randn(2, 4, 40, 32), torch.randn(2, 4, 40, 32))


@entry("rotary-embedding-torch", "learned_freq=True rotary in a training step (loss backward through the frequencies)")
def rotary_learned_freq_backward():
    from rotary_embedding_torch import RotaryEmbedding
    rotary_emb = RotaryEmbedding(dim=16, learned_freq=True)

    def f(q, k):
        qr = rotary_emb.rotate_queries_or_keys(q)
        kr = rotary_emb.rotate_queries_or_keys(k)
        loss = (qr @ kr.transpose(-1, -2)).softmax(-1).pow(2).mean()
        loss.backward()
        return loss.detach()
    return f, (torch.randn(1, 2, 24, 16), torch.randn(1, 2, 24, 16))


# =============================================================== lion-pytorch ==
# held-out set 6. The Lion optimizer (lucidrains/lion-pytorch) in a training step, as in its README.
@entry("lion-pytorch", "Lion(lr 1e-4, weight_decay 1e-2) training step on a small MLP (README)")
def lion_train_step():
    from lion_pytorch import Lion
    model = torch.nn.Sequential(torch.nn.Linear(10, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))
    opt = Lion(model.parameters(), lr=1e-4, weight_decay=1e-2)

    def f(x, y):
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad()
        return loss.detach()
    return f, (torch.randn(16, 10), torch.randn(16, 1))


@entry("lion-pytorch", "Lion with betas (0.95, 0.98) and decoupled_weight_decay=True, opt.step() compiled alone")
def lion_decoupled_step():
    from lion_pytorch import Lion
    model = torch.nn.Linear(8, 4)
    opt = Lion(model.parameters(), lr=3e-4, betas=(0.95, 0.98), weight_decay=0.1, decoupled_weight_decay=True)
    model(torch.randn(4, 8)).pow(2).sum().backward()

    def f():
        opt.step()
        return model.weight.detach().clone()
    return f, ()


@entry("lion-pytorch", "cautious Lion (cautious_factor 0.5, cautious_wd) training step")
def cautious_lion_train_step():
    from lion_pytorch.cautious_lion import Lion
    model = torch.nn.Sequential(torch.nn.Linear(10, 32), torch.nn.GELU(), torch.nn.Linear(32, 3))
    opt = Lion(model.parameters(), lr=1e-4, weight_decay=1e-2, cautious_factor=0.5, cautious_wd=True)

    def f(x, y):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(16, 10), torch.randint(0, 3, (16,)))


# =============================================================== schedulefree ==
# held-out set 6. Schedule-Free optimizers (facebookresearch/schedule_free) in training steps with the
# README's optimizer.train() / optimizer.eval() switches.
@entry("schedulefree", "AdamWScheduleFree(warmup_steps 2) training step with optimizer.train() (README)")
def adamw_schedulefree_train_step():
    import schedulefree
    model = torch.nn.Sequential(torch.nn.Linear(10, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))
    opt = schedulefree.AdamWScheduleFree(model.parameters(), lr=1e-3, warmup_steps=2, weight_decay=1e-2)
    model.train()
    opt.train()

    def f(x, y):
        loss = torch.nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(16, 10), torch.randn(16, 1))


@entry("schedulefree", "SGDScheduleFree step, then optimizer.eval() + model.eval() validation forward, back to train (README)")
def sgd_schedulefree_train_eval():
    import schedulefree
    model = torch.nn.Sequential(torch.nn.Linear(10, 32), torch.nn.Tanh(), torch.nn.Linear(32, 3))
    opt = schedulefree.SGDScheduleFree(model.parameters(), lr=0.5, momentum=0.9, warmup_steps=1)

    def f(x, y):
        model.train()
        opt.train()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        model.eval()
        opt.eval()
        with torch.no_grad():
            val = model(x).argmax(-1)
        return loss.detach(), val
    return f, (torch.randn(16, 10), torch.randint(0, 3, (16,)))


# schedulefree.radam_schedulefree_train_step (RAdamScheduleFree training step) was removed after the first
# collect: it recorded compile-error (Dynamo raised TorchRuntimeError "RuntimeError when making fake tensor
# call"). See README.md. Comment lines keep the line count.
#
#
#
#
#
#
#
#
#
#
#


@entry("schedulefree", "AdamWScheduleFreeClosure step with a closure (no train/eval switches) (README)")
def adamw_schedulefree_closure():
    import schedulefree
    model = torch.nn.Linear(10, 1)
    opt = schedulefree.AdamWScheduleFreeClosure(model.parameters(), lr=1e-3, warmup_steps=2)

    def f(x, y):
        def closure():
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            return loss
        return opt.step(closure)
    return f, (torch.randn(16, 10), torch.randn(16, 1))


@entry("schedulefree", "ScheduleFreeWrapper around SGD (momentum 0.9, weight_decay_at_y 0.1) training step (README)")
def schedulefree_wrapper_sgd():
    import schedulefree
    model = torch.nn.Sequential(torch.nn.Linear(10, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
    base = torch.optim.SGD(model.parameters(), lr=0.0025)
    opt = schedulefree.ScheduleFreeWrapper(base, momentum=0.9, weight_decay_at_y=0.1)
    opt.train()

    def f(x, y):
        loss = torch.nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(16, 10), torch.randn(16, 1))


# ================================================================== normflows ==
# held-out set 6. Normalizing flows (VincentStimper/normalizing-flows) as in its README and examples:
# Real NVP, neural spline flows, Glow, residual flows, planar flows, MAF.
@entry("normflows", "Real NVP (AffineCouplingBlock + Permute swap, DiagGaussian base): forward_kld backward (README)")
def real_nvp_forward_kld():
    import normflows as nf
    base = nf.distributions.base.DiagGaussian(2)
    flows = []
    for _ in range(4):
        flows.append(nf.flows.AffineCouplingBlock(nf.nets.MLP([1, 16, 16, 2], init_zeros=True)))
        flows.append(nf.flows.Permute(2, mode="swap"))
    model = nf.NormalizingFlow(base, flows)

    def f(x):
        loss = model.forward_kld(x)
        loss.backward()
        return loss.detach()
    return f, (torch.randn(64, 2),)


@entry("normflows", "Real NVP with a TwoMoons target: reverse_kld(num_samples 32) + sample + log_prob (README)")
def real_nvp_reverse_kld_sample():
    import normflows as nf
    base = nf.distributions.base.DiagGaussian(2)
    flows = []
    for _ in range(4):
        flows.append(nf.flows.AffineCouplingBlock(nf.nets.MLP([1, 16, 16, 2], init_zeros=True)))
        flows.append(nf.flows.Permute(2, mode="swap"))
    model = nf.NormalizingFlow(base, flows, nf.distributions.target.TwoMoons())

    def f(x):
        loss = model.reverse_kld(num_samples=32)
        z, log_q = model.sample(16)
        return loss, z, log_q, model.log_prob(x)
    return f, (torch.randn(8, 2),)


@entry("normflows", "autoregressive neural spline flow (AutoregressiveRationalQuadraticSpline + LULinearPermute): forward_kld")
def neural_spline_flow_kld():
    import normflows as nf
    flows = []
    for _ in range(2):
        flows += [nf.flows.AutoregressiveRationalQuadraticSpline(3, 1, 16),
                  nf.flows.LULinearPermute(3)]
    model = nf.NormalizingFlow(nf.distributions.DiagGaussian(3, trainable=False), flows)

    def f(x):
        loss = model.forward_kld(x)
        loss.backward()
        return loss.detach()
    return f, (torch.randn(32, 3),)


@entry("normflows", "circular coupled neural spline flow on a cylinder (UniformGaussian base, ind_circ [0]) (paper example)")
def circular_spline_flow_cylinder():
    import math
    import normflows as nf
    flows = []
    for i in range(2):
        flows += [nf.flows.CircularCoupledRationalQuadraticSpline(2, 1, 16, [0], tail_bound=torch.tensor([math.pi, 5.]),
                                                                   num_bins=8, reverse_mask=bool(i % 2))]
    base = nf.distributions.UniformGaussian(2, [0], torch.tensor([1., 2 * math.pi]))
    model = nf.NormalizingFlow(base, flows)

    def f(x):
        loss = model.forward_kld(x)
        loss.backward()
        return loss.detach()
    x = torch.stack([torch.rand(32) * 2 * math.pi - math.pi, torch.randn(32)], -1)
    return f, (x,)


@entry("normflows", "multiscale Glow (GlowBlock, Squeeze, Merge, ClassCondDiagGaussian bases): class-conditional forward_kld (Glow example)")
def glow_multiscale_kld():
    import normflows as nf
    L, K, channels, hidden = 2, 2, 3, 16
    q0, merges, flows = [], [], []
    for i in range(L):
        flows_ = []
        for _ in range(K):
            flows_ += [nf.flows.GlowBlock(channels * 2 ** (L + 1 - i), hidden, split_mode="channel", scale=True)]
        flows_ += [nf.flows.Squeeze()]
        flows += [flows_]
        if i > 0:
            merges += [nf.flows.Merge()]
            latent_shape = (channels * 2 ** (L - i), 8 // 2 ** (L - i), 8 // 2 ** (L - i))
        else:
            latent_shape = (channels * 2 ** (L + 1), 8 // 2 ** L, 8 // 2 ** L)
        q0 += [nf.distributions.ClassCondDiagGaussian(latent_shape, 4)]
    model = nf.MultiscaleFlow(q0, flows, merges)

    def f(x, y):
        loss = model.forward_kld(x, y)
        loss.backward()
        return loss.detach()
    return f, (torch.rand(4, 3, 8, 8), torch.tensor([0, 1, 2, 3]))


@entry("normflows", "residual flow (Residual(LipschitzMLP), ActNorm): forward_kld backward (residual example)")
def residual_flow_kld():
    import normflows as nf
    flows = []
    for _ in range(2):
        net = nf.nets.LipschitzMLP([2, 16, 16, 2], init_zeros=True, lipschitz_const=0.9)
        flows += [nf.flows.Residual(net, reduce_memory=True), nf.flows.ActNorm(2)]
    model = nf.NormalizingFlow(nf.distributions.DiagGaussian(2), flows)

    def f(x):
        loss = model.forward_kld(x)
        loss.backward()
        return loss.detach()
    return f, (torch.randn(32, 2),)


@entry("normflows", "planar and radial flows fitted by reverse_kld to a TwoMoons target, and MaskedAffineAutoregressive sampling")
def planar_radial_maf():
    import normflows as nf
    pr = nf.NormalizingFlow(nf.distributions.DiagGaussian(2),
                            [nf.flows.Planar((2,)), nf.flows.Radial((2,)), nf.flows.Planar((2,), act="leaky_relu")],
                            nf.distributions.target.TwoMoons())
    maf = nf.NormalizingFlow(nf.distributions.DiagGaussian(2),
                             [nf.flows.MaskedAffineAutoregressive(2, 16, num_blocks=2), nf.flows.Permute(2)])

    def f(x):
        return pr.reverse_kld(num_samples=16), maf.sample(8), maf.log_prob(x)
    return f, (torch.randn(8, 2),)


# ======================================================================= peft ==
# held-out set 6. Parameter-efficient fine-tuning (Hugging Face peft) as in its docs: LoRA and friends on a
# custom model (the "Custom models" guide), and LoRA / IA3 / prompt tuning on tiny transformers models
# built from a config (random weights, no download). Sites in transformers code count for transformers
# (a dev package), not for peft.
class _PeftMLP(torch.nn.Module):
    # the "Custom models" guide's MLP, smaller
    def __init__(self, hidden=32):
        super().__init__()
        self.seq = torch.nn.Sequential(torch.nn.Linear(20, hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, hidden),
                                       torch.nn.ReLU(), torch.nn.Linear(hidden, 2), torch.nn.LogSoftmax(dim=-1))

    def forward(self, X):
        return self.seq(X)


class _PeftCNN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.conv2 = torch.nn.Conv2d(8, 8, 3, padding=1)
        self.head = torch.nn.Linear(8, 4)

    def forward(self, x):
        x = torch.relu(self.conv2(torch.relu(self.conv1(x))))
        return self.head(x.mean((2, 3)))


def _tiny_llama():
    from transformers import LlamaConfig, LlamaForCausalLM
    cfg = LlamaConfig(vocab_size=128, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                      num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64)
    return LlamaForCausalLM(cfg)


@entry("peft", "LoraConfig(target_modules seq.0/seq.2, modules_to_save seq.4) on a custom MLP: training step (Custom models guide)")
def lora_custom_mlp_train_step():
    from peft import LoraConfig, get_peft_model
    config = LoraConfig(target_modules=["seq.0", "seq.2"], modules_to_save=["seq.4"], r=4, lora_alpha=8,
                        lora_dropout=0.1)
    model = get_peft_model(_PeftMLP(), config)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def f(x, y):
        loss = torch.nn.functional.nll_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(16, 20), torch.randint(0, 2, (16,)))


@entry("peft", "LoRA with use_dora=True and use_rslora=True on the custom MLP: forward + backward")
def dora_rslora_mlp():
    from peft import LoraConfig, get_peft_model
    config = LoraConfig(target_modules=["seq.0", "seq.2"], r=4, lora_alpha=8, use_dora=True, use_rslora=True)
    model = get_peft_model(_PeftMLP(), config)

    def f(x):
        loss = -model(x)[:, 0].mean()
        loss.backward()
        return loss.detach()
    return f, (torch.randn(16, 20),)


@entry("peft", "two LoRA adapters on the custom MLP, mixed-adapter batch inference with adapter_names (LoRA docs)")
def lora_mixed_adapter_batch():
    from peft import LoraConfig, get_peft_model
    model = get_peft_model(_PeftMLP(), LoraConfig(target_modules=["seq.0", "seq.2"], r=4, init_lora_weights=False))
    model.add_adapter("other", LoraConfig(target_modules=["seq.0", "seq.2"], r=2, init_lora_weights=False))
    model.eval()

    def f(x):
        with torch.no_grad():
            return model(x, adapter_names=["default", "other", "__base__", "other"])
    return f, (torch.randn(4, 20),)


@entry("peft", "LoHa and LoKr on the Conv2d layers of a small CNN (PeftMixedModel-free, one each): forward + backward")
def loha_lokr_conv():
    from peft import LoHaConfig, LoKrConfig, get_peft_model
    loha = get_peft_model(_PeftCNN(), LoHaConfig(target_modules=["conv1", "conv2"], r=4, alpha=8))
    lokr = get_peft_model(_PeftCNN(), LoKrConfig(target_modules=["conv1", "conv2", "head"], r=4, alpha=8))

    def f(x, y):
        loss = torch.nn.functional.cross_entropy(loha(x), y) + torch.nn.functional.cross_entropy(lokr(x), y)
        loss.backward()
        return loss.detach()
    return f, (torch.randn(2, 3, 16, 16), torch.tensor([0, 3]))


@entry("peft", "LoRA (r 4, q_proj/v_proj, task_type CAUSAL_LM) on a tiny LlamaForCausalLM: loss backward (quicktour)")
def lora_llama_causal_lm():
    from peft import LoraConfig, TaskType, get_peft_model
    model = get_peft_model(_tiny_llama(), LoraConfig(task_type=TaskType.CAUSAL_LM, r=4, lora_alpha=16,
                                                     target_modules=["q_proj", "v_proj"], lora_dropout=0.05))

    def f(ids):
        out = model(input_ids=ids, labels=ids)
        out.loss.backward()
        return out.loss.detach()
    return f, (torch.randint(0, 128, (2, 16)),)


@entry("peft", "IA3Config (k_proj, v_proj, down_proj; feedforward down_proj) on a tiny LlamaForCausalLM: forward")
def ia3_llama_forward():
    from peft import IA3Config, TaskType, get_peft_model
    model = get_peft_model(_tiny_llama(), IA3Config(task_type=TaskType.CAUSAL_LM,
                                                    target_modules=["k_proj", "v_proj", "down_proj"],
                                                    feedforward_modules=["down_proj"]))

    def f(ids, mask):
        return model(input_ids=ids, attention_mask=mask).logits
    mask = torch.ones(2, 16, dtype=torch.long)
    mask[1, :4] = 0
    return f, (torch.randint(0, 128, (2, 16)), mask)


@entry("peft", "PromptTuningConfig(num_virtual_tokens 4, RANDOM init) on a tiny LlamaForCausalLM: loss backward (prompt tuning guide)")
def prompt_tuning_llama():
    from peft import PromptTuningConfig, PromptTuningInit, TaskType, get_peft_model
    model = get_peft_model(_tiny_llama(), PromptTuningConfig(task_type=TaskType.CAUSAL_LM, num_virtual_tokens=4,
                                                             prompt_tuning_init=PromptTuningInit.RANDOM))

    def f(ids):
        out = model(input_ids=ids, labels=ids)
        out.loss.backward()
        return out.loss.detach()
    return f, (torch.randint(0, 128, (2, 12)),)


# ==================================================================== botorch ==
# held-out set 6. Bayesian optimisation (BoTorch) as in its "Getting started" and tutorials: a
# SingleTaskGP on a few points (not fitted: fit_gpytorch_mll runs scipy), acquisition functions evaluated
# on candidate batches, pathwise posterior samples, test functions. Float64 as the docs recommend. Sites
# in gpytorch / linear_operator code count for those (dev) packages. Multi-objective qLogEHVI is left out:
# it JIT-compiles a C++ torch extension.
def _botorch_gp(n=12, d=3, m=1, seed=0):
    from botorch.models import SingleTaskGP
    from botorch.models.transforms.input import Normalize
    from botorch.models.transforms.outcome import Standardize
    g = torch.Generator().manual_seed(seed)
    X = torch.rand(n, d, generator=g, dtype=torch.double)
    Y = torch.sin(6 * X).sum(-1, keepdim=True).repeat(1, m) + 0.05 * torch.randn(n, m, generator=g, dtype=torch.double)
    return SingleTaskGP(X, Y, input_transform=Normalize(d=d), outcome_transform=Standardize(m=m)), X, Y


@entry("botorch", "SingleTaskGP (Normalize, Standardize) + LogExpectedImprovement on 8 candidates (Getting started)")
def log_expected_improvement():
    from botorch.acquisition import LogExpectedImprovement
    model, X, Y = _botorch_gp()
    acqf = LogExpectedImprovement(model=model, best_f=Y.max())

    def f(Xc):
        return acqf(Xc)
    return f, (torch.rand(8, 1, 3, dtype=torch.double),)


@entry("botorch", "qLogNoisyExpectedImprovement (SobolQMCNormalSampler 32, prune_baseline) on q=3 batches")
def q_log_noisy_ei():
    from botorch.acquisition import qLogNoisyExpectedImprovement
    from botorch.sampling import SobolQMCNormalSampler
    model, X, Y = _botorch_gp()
    acqf = qLogNoisyExpectedImprovement(model=model, X_baseline=X, sampler=SobolQMCNormalSampler(torch.Size([32])),
                                        prune_baseline=True)

    def f(Xc):
        return acqf(Xc)
    return f, (torch.rand(4, 3, 3, dtype=torch.double),)


@entry("botorch", "qUpperConfidenceBound and qExpectedImprovement (MC) + analytic UpperConfidenceBound and PosteriorMean")
def mc_and_analytic_acqfs():
    from botorch.acquisition import PosteriorMean, UpperConfidenceBound, qExpectedImprovement, qUpperConfidenceBound
    from botorch.sampling import SobolQMCNormalSampler
    model, X, Y = _botorch_gp()
    sampler = SobolQMCNormalSampler(torch.Size([16]))
    qucb = qUpperConfidenceBound(model, beta=0.2, sampler=sampler)
    qei = qExpectedImprovement(model, best_f=Y.max(), sampler=sampler)
    ucb = UpperConfidenceBound(model, beta=0.2)
    pm = PosteriorMean(model)

    def f(Xq, X1):
        return qucb(Xq), qei(Xq), ucb(X1), pm(X1)
    return f, (torch.rand(4, 2, 3, dtype=torch.double), torch.rand(5, 1, 3, dtype=torch.double))


# botorch.q_knowledge_gradient (qKnowledgeGradient, 4 fantasies) was removed after the first collect: it
# recorded compile-error (InternalTorchDynamoError RecursionError). See README.md. Comment lines keep the
# line count.
#
#
#
#
#
#


# botorch.matheron_paths (draw_matheron_paths, 4 paths on a grid) was removed after the first collect: it
# recorded compile-error (TorchRuntimeError "RuntimeError when making fake tensor call"). See README.md.
# Comment lines keep the line count.
#
#
#
#
#
#


@entry("botorch", "test functions Hartmann(dim 6, noise_std 0.1, negate) and Branin + Ackley evaluate_true")
def test_functions():
    from botorch.test_functions import Ackley, Branin, Hartmann
    h6 = Hartmann(dim=6, noise_std=0.1, negate=True).to(torch.double)
    br = Branin().to(torch.double)
    ak = Ackley(dim=4).to(torch.double)

    def f(x6, x2, x4):
        return h6(x6), h6.evaluate_true(x6), br(x2), ak(x4)
    x2 = br.bounds[0] + (br.bounds[1] - br.bounds[0]) * torch.rand(5, 2, dtype=torch.double)
    return f, (torch.rand(5, 6, dtype=torch.double), x2, torch.rand(5, 4, dtype=torch.double))


@entry("botorch", "multi-output SingleTaskGP (m 2) + qLogNoisyExpectedImprovement with a ConstrainedMCObjective-style constraint")
def q_log_nei_constrained():
    from botorch.acquisition import qLogNoisyExpectedImprovement
    from botorch.acquisition.objective import GenericMCObjective
    from botorch.sampling import SobolQMCNormalSampler
    model, X, Y = _botorch_gp(m=2)
    acqf = qLogNoisyExpectedImprovement(model=model, X_baseline=X, sampler=SobolQMCNormalSampler(torch.Size([16])),
                                        objective=GenericMCObjective(lambda Z, X=None: Z[..., 0]),
                                        constraints=[lambda Z: Z[..., 1] - 0.5])

    def f(Xc):
        return acqf(Xc)
    return f, (torch.rand(3, 2, 3, dtype=torch.double),)


# ==== held-out set 6, second batch (chosen 2026-11-21 by the same helper, blind to graphlint): added because
# the first nine packages had only 19 default-family sites. Do not tune graphlint on these.
PACKAGES.update({
    "sentence-transformers": {"dirs": ["sentence_transformers"], "split": "dev"},
    "pytorch-ignite": {"dirs": ["ignite"], "split": "dev"},
    "flow-matching": {"dirs": ["flow_matching"], "split": "dev"},
    "rtdl-revisiting-models": {"dirs": ["rtdl_revisiting_models"], "split": "dev"},
    "pytorch-optimizer": {"dirs": ["pytorch_optimizer"], "split": "dev"},
    "prodigyopt": {"dirs": ["prodigyopt"], "split": "dev"},
})


# ====================================================== sentence-transformers ==
# held-out set 6 (second batch). Sentence embeddings (sentence-transformers) as in its docs: a
# Transformer -> Pooling -> Normalize model built from a tiny BERT saved to a temporary folder (random
# weights, a word-level tokenizer made in memory, nothing downloaded), a StaticEmbedding model, the
# training losses, pooling modes and encode(). Sites in transformers code count for transformers (dev).
_ST_WORDS = ("the a cat dog sat on mat ran in park bird flew over tree house big small red blue green man woman "
             "plays guitar eats food reads book car fast slow").split()


def _st_tokenizer():
    from tokenizers import Tokenizer, models as tmodels, pre_tokenizers
    vocab = {"[PAD]": 0, "[UNK]": 1, "[CLS]": 2, "[SEP]": 3, "[MASK]": 4}
    for w in _ST_WORDS:
        vocab[w] = len(vocab)
    tok = Tokenizer(tmodels.WordLevel(vocab, unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    return tok, len(vocab)


def _st_bert_model(pooling_mode="mean", normalize=True):
    import tempfile
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.base.modules import Normalize, Transformer
    from sentence_transformers.sentence_transformer.modules import Pooling
    from transformers import BertConfig, BertModel, PreTrainedTokenizerFast
    tok, n = _st_tokenizer()
    d = tempfile.mkdtemp(prefix="st_tiny_bert_")
    BertModel(BertConfig(vocab_size=n, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                         intermediate_size=64, max_position_embeddings=64)).save_pretrained(d)
    PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="[UNK]", pad_token="[PAD]", cls_token="[CLS]",
                            sep_token="[SEP]", mask_token="[MASK]").save_pretrained(d)
    modules = [Transformer(d, max_seq_length=32), Pooling(32, pooling_mode)] + ([Normalize()] if normalize else [])
    return SentenceTransformer(modules=modules, device="cpu")


@entry("sentence-transformers", "Transformer -> Pooling(mean) -> Normalize forward on preprocessed sentences (what encode runs per batch)")
def st_bert_forward():
    model = _st_bert_model().eval()
    feats = model.preprocess(["the cat sat on the mat", "a man plays guitar in the park", "red car"])

    def f(input_ids, attention_mask):
        with torch.no_grad():
            return model({"input_ids": input_ids, "attention_mask": attention_mask})["sentence_embedding"]
    return f, (feats["input_ids"], feats["attention_mask"])


@entry("sentence-transformers", "MultipleNegativesRankingLoss (anchor, positive) training step with AdamW (training overview)")
def st_mnrl_train_step():
    from sentence_transformers.sentence_transformer.losses import MultipleNegativesRankingLoss
    model = _st_bert_model(normalize=False)
    loss_fn = MultipleNegativesRankingLoss(model)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    a = model.preprocess(["the cat sat on the mat", "a man plays guitar", "the bird flew over the tree"])
    p = model.preprocess(["a cat on a mat", "man plays guitar", "bird over tree"])

    def f(a_ids, a_mask, p_ids, p_mask):
        loss = loss_fn([{"input_ids": a_ids, "attention_mask": a_mask},
                        {"input_ids": p_ids, "attention_mask": p_mask}], None)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (a["input_ids"], a["attention_mask"], p["input_ids"], p["attention_mask"])


@entry("sentence-transformers", "CoSENTLoss and CosineSimilarityLoss on sentence pairs with float scores (STS training)")
def st_cosent_cosine_loss():
    from sentence_transformers.sentence_transformer.losses import CoSENTLoss, CosineSimilarityLoss
    model = _st_bert_model(normalize=False)
    cosent, cos = CoSENTLoss(model), CosineSimilarityLoss(model)
    a = model.preprocess(["the cat sat", "a man eats food", "the car is fast", "a woman reads a book"])
    b = model.preprocess(["a cat sat", "a man plays guitar", "the car is slow", "a woman reads"])

    def f(a_ids, a_mask, b_ids, b_mask, scores):
        feats = [{"input_ids": a_ids, "attention_mask": a_mask}, {"input_ids": b_ids, "attention_mask": b_mask}]
        loss = cosent(feats, scores) + cos(feats, scores)
        loss.backward()
        return loss.detach()
    return f, (a["input_ids"], a["attention_mask"], b["input_ids"], b["attention_mask"], torch.tensor([0.9, 0.3, 0.1, 0.8]))


@entry("sentence-transformers", "MatryoshkaLoss(MultipleNegativesRankingLoss, dims [32, 16, 8]) (Matryoshka training docs)")
def st_matryoshka_loss():
    from sentence_transformers.sentence_transformer.losses import MatryoshkaLoss, MultipleNegativesRankingLoss
    model = _st_bert_model(normalize=False)
    loss_fn = MatryoshkaLoss(model, MultipleNegativesRankingLoss(model), matryoshka_dims=[32, 16, 8])
    a = model.preprocess(["the cat sat on the mat", "a man plays guitar", "a big red house"])
    p = model.preprocess(["a cat on a mat", "man plays guitar", "big house"])

    def f(a_ids, a_mask, p_ids, p_mask):
        loss = loss_fn([{"input_ids": a_ids, "attention_mask": a_mask},
                        {"input_ids": p_ids, "attention_mask": p_mask}], None)
        loss.backward()
        return loss.detach()
    return f, (a["input_ids"], a["attention_mask"], p["input_ids"], p["attention_mask"])


@entry("sentence-transformers", "StaticEmbedding model (embedding bag) with BatchAllTripletLoss and BatchHardTripletLoss on labelled sentences")
def st_static_triplet_losses():
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.sentence_transformer.losses import BatchAllTripletLoss, BatchHardTripletLoss
    from sentence_transformers.sentence_transformer.modules import StaticEmbedding
    tok, _ = _st_tokenizer()
    model = SentenceTransformer(modules=[StaticEmbedding(tok, embedding_dim=32)], device="cpu")
    all_t, hard_t = BatchAllTripletLoss(model), BatchHardTripletLoss(model)
    feats = model.preprocess(["the cat sat", "a cat ran", "the dog ran", "a dog sat", "red car", "blue car"])

    def f(input_ids, offsets, labels):
        fs = [{"input_ids": input_ids, "offsets": offsets}]
        loss = all_t(fs, labels) + hard_t(fs, labels)
        loss.backward()
        return loss.detach()
    return f, (feats["input_ids"], feats["offsets"], torch.tensor([0, 0, 1, 1, 2, 2]))


@entry("sentence-transformers", "Pooling with modes cls, max, mean_sqrt_len_tokens, weightedmean and lasttoken on token embeddings")
def st_pooling_modes():
    from sentence_transformers.sentence_transformer.modules import Pooling
    pools = [Pooling(32, mode) for mode in ("cls", "max", "mean_sqrt_len_tokens", "weightedmean", "lasttoken")]

    def f(tok_emb, mask):
        return [p({"token_embeddings": tok_emb, "attention_mask": mask})["sentence_embedding"] for p in pools]
    mask = torch.ones(3, 10, dtype=torch.long)
    mask[1, 6:] = 0
    mask[2, 3:] = 0
    return f, (torch.randn(3, 10, 32), mask)


@entry("sentence-transformers", "SentenceTransformer.encode(sentences, convert_to_tensor=True, normalize_embeddings=True) + model.similarity (quickstart)")
def st_encode_similarity():
    model = _st_bert_model(normalize=False)
    sentences = ["the cat sat on the mat", "a man plays guitar", "the dog ran in the park", "a woman reads a book"]

    def f():
        emb = model.encode(sentences, convert_to_tensor=True, normalize_embeddings=True, batch_size=4)
        return model.similarity(emb, emb)
    return f, ()


# ============================================================= pytorch-ignite ==
# held-out set 6 (second batch). PyTorch-Ignite: its metrics (reset / update / compute, as in the metrics
# docs) and its supervised training / evaluation step functions (what create_supervised_trainer runs).
def _ignite_run(metric, batches):
    metric.reset()
    for b in batches:
        metric.update(b)
    return metric.compute()


@entry("pytorch-ignite", "Accuracy, Precision(average=True), Recall and Fbeta(beta 2) on multiclass logits (metrics docs)")
def ignite_classification_metrics():
    from ignite.metrics import Accuracy, Fbeta, Precision, Recall
    acc, prec, rec = Accuracy(), Precision(average=True), Recall(average=True)
    fb = Fbeta(beta=2.0)

    def f(y_pred, y):
        return (_ignite_run(acc, [(y_pred, y)]), _ignite_run(prec, [(y_pred, y)]), _ignite_run(rec, [(y_pred, y)]),
                _ignite_run(fb, [(y_pred, y)]))
    return f, (torch.randn(32, 4), torch.randint(0, 4, (32,)))


@entry("pytorch-ignite", "ConfusionMatrix with IoU / mIoU / DiceCoefficient (MetricsLambda) on segmentation logits")
def ignite_confusion_iou():
    from ignite.metrics import ConfusionMatrix, DiceCoefficient, IoU, mIoU
    cm = ConfusionMatrix(num_classes=3)
    iou, miou, dice = IoU(cm), mIoU(cm), DiceCoefficient(cm)

    def f(y_pred, y):
        cm.reset()
        cm.update((y_pred, y))
        return iou.compute(), miou.compute(), dice.compute()
    return f, (torch.randn(2, 3, 8, 8), torch.randint(0, 3, (2, 8, 8)))


@entry("pytorch-ignite", "SSIM(data_range 1) and PSNR(data_range 1) over two batches of images")
def ignite_ssim_psnr():
    from ignite.metrics import PSNR, SSIM
    ssim, psnr = SSIM(data_range=1.0), PSNR(data_range=1.0)

    def f(a, b):
        batches = [(a, b), (b, a)]
        return _ignite_run(ssim, batches), _ignite_run(psnr, batches)
    x = torch.rand(2, 3, 24, 24)
    return f, (x, (x + 0.05 * torch.randn_like(x)).clamp(0, 1))


@entry("pytorch-ignite", "TopKCategoricalAccuracy(k 3), Loss(cross_entropy) and MeanSquaredError / MeanAbsoluteError")
def ignite_topk_loss_regression():
    from ignite.metrics import Loss, MeanAbsoluteError, MeanSquaredError, TopKCategoricalAccuracy
    topk, loss = TopKCategoricalAccuracy(k=3), Loss(torch.nn.functional.cross_entropy)
    mse, mae = MeanSquaredError(), MeanAbsoluteError()

    def f(logits, y, r_pred, r):
        return (_ignite_run(topk, [(logits, y)]), _ignite_run(loss, [(logits, y)]),
                _ignite_run(mse, [(r_pred, r)]), _ignite_run(mae, [(r_pred, r)]))
    return f, (torch.randn(16, 6), torch.randint(0, 6, (16,)), torch.randn(16), torch.randn(16))


@entry("pytorch-ignite", "regression metrics R2Score, PearsonCorrelation and ManhattanDistance")
def ignite_regression_metrics():
    from ignite.metrics.regression import ManhattanDistance, PearsonCorrelation, R2Score
    r2, pc, md = R2Score(), PearsonCorrelation(), ManhattanDistance()

    def f(y_pred, y):
        return _ignite_run(r2, [(y_pred, y)]), _ignite_run(pc, [(y_pred, y)]), _ignite_run(md, [(y_pred, y)])
    y = torch.randn(32)
    return f, (y + 0.3 * torch.randn(32), y)


@entry("pytorch-ignite", "supervised_training_step (what create_supervised_trainer runs) with gradient_accumulation_steps 2, on an Engine")
def ignite_supervised_training_step():
    from ignite.engine import Engine, supervised_training_step
    model = torch.nn.Sequential(torch.nn.Linear(10, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    update = supervised_training_step(model, opt, torch.nn.functional.cross_entropy, gradient_accumulation_steps=2)
    engine = Engine(update)
    engine.state.iteration = 1

    def f(x, y):
        return update(engine, (x, y))
    return f, (torch.randn(8, 10), torch.randint(0, 3, (8,)))


@entry("pytorch-ignite", "supervised_evaluation_step (what create_supervised_evaluator runs) feeding an Accuracy metric")
def ignite_supervised_evaluation_step():
    from ignite.engine import Engine, supervised_evaluation_step
    from ignite.metrics import Accuracy
    model = torch.nn.Sequential(torch.nn.Linear(10, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    step = supervised_evaluation_step(model)
    engine = Engine(step)
    acc = Accuracy()

    def f(x, y):
        acc.reset()
        acc.update(step(engine, (x, y)))
        return acc.compute()
    return f, (torch.randn(8, 10), torch.randint(0, 3, (8,)))


# ============================================================== flow-matching ==
# held-out set 6 (second batch). Flow matching (facebookresearch/flow_matching) as in its 2-D examples:
# continuous (AffineProbPath + CondOTScheduler, ODESolver), discrete (MixtureDiscreteProbPath,
# MixturePathGeneralizedKL, MixtureDiscreteEulerSolver) and Riemannian (GeodesicProbPath, FlatTorus).
# ODESolver integrates with torchdiffeq, whose sites count for torchdiffeq (a dev package).
class _FMVelocity(torch.nn.Module):
    def __init__(self, dim=2, hidden=32):
        super().__init__()
        self.net = torch.nn.Sequential(torch.nn.Linear(dim + 1, hidden), torch.nn.SiLU(), torch.nn.Linear(hidden, dim))

    def forward(self, x, t):
        t = t.reshape(-1, 1).expand(x.shape[0], 1)
        return self.net(torch.cat([x, t], -1))


@entry("flow-matching", "AffineProbPath(CondOTScheduler) sample + conditional flow matching loss backward (2-D example)")
def fm_affine_path_loss():
    from flow_matching.path import AffineProbPath
    from flow_matching.path.scheduler import CondOTScheduler
    vf = _FMVelocity()
    path = AffineProbPath(scheduler=CondOTScheduler())

    def f(x_0, x_1, t):
        ps = path.sample(t=t, x_0=x_0, x_1=x_1)
        loss = torch.pow(vf(ps.x_t, ps.t) - ps.dx_t, 2).mean()
        loss.backward()
        return loss.detach()
    return f, (torch.randn(64, 2), torch.randn(64, 2) * 0.5 + 2, torch.rand(64))


@entry("flow-matching", "ODESolver.sample (midpoint, step 0.125, return_intermediates) with a ModelWrapper velocity (2-D example)")
def fm_ode_solver_sample():
    from flow_matching.solver import ODESolver
    from flow_matching.utils import ModelWrapper

    class Wrapped(ModelWrapper):
        def forward(self, x, t, **extras):
            return self.model(x, t)
    solver = ODESolver(velocity_model=Wrapped(_FMVelocity()))

    def f(x_init):
        return solver.sample(time_grid=torch.linspace(0, 1, 5), x_init=x_init, method="midpoint", step_size=0.125,
                             return_intermediates=True)
    return f, (torch.randn(32, 2),)


@entry("flow-matching", "ODESolver.compute_likelihood (Hutchinson divergence, Gaussian log_p0) (2-D example)")
def fm_ode_likelihood():
    import math
    from flow_matching.solver import ODESolver
    from flow_matching.utils import ModelWrapper

    class Wrapped(ModelWrapper):
        def forward(self, x, t, **extras):
            return self.model(x, t)
    solver = ODESolver(velocity_model=Wrapped(_FMVelocity()))

    def log_p0(x):
        return -0.5 * (x ** 2).sum(-1) - math.log(2 * math.pi)

    def f(x_1):
        return solver.compute_likelihood(x_1=x_1, method="midpoint", step_size=0.25, exact_divergence=False,
                                         log_p0=log_p0)
    return f, (torch.randn(16, 2),)


@entry("flow-matching", "discrete flow matching: MixtureDiscreteProbPath(PolynomialConvexScheduler 2) + MixturePathGeneralizedKL backward")
def fm_discrete_kl_loss():
    from flow_matching.loss import MixturePathGeneralizedKL
    from flow_matching.path import MixtureDiscreteProbPath
    from flow_matching.path.scheduler import PolynomialConvexScheduler
    vocab, dim = 16, 2
    emb = torch.nn.Embedding(vocab, 32)
    head = torch.nn.Linear(32 + 1, vocab)
    path = MixtureDiscreteProbPath(scheduler=PolynomialConvexScheduler(n=2.0))
    loss_fn = MixturePathGeneralizedKL(path=path)

    def f(x_0, x_1, t):
        ps = path.sample(t=t, x_0=x_0, x_1=x_1)
        h = emb(ps.x_t)
        logits = head(torch.cat([h, ps.t.reshape(-1, 1, 1).expand(-1, dim, 1)], -1))
        loss = loss_fn(logits=logits, x_1=x_1, x_t=ps.x_t, t=ps.t)
        loss.backward()
        return loss.detach()
    return f, (torch.randint(0, vocab, (32, dim)), torch.randint(0, vocab, (32, dim)), torch.rand(32) * 0.99)


@entry("flow-matching", "MixtureDiscreteEulerSolver.sample (step 0.25) with a probability-denoiser ModelWrapper (discrete 2-D example)")
def fm_discrete_euler_sample():
    from flow_matching.path import MixtureDiscreteProbPath
    from flow_matching.path.scheduler import PolynomialConvexScheduler
    from flow_matching.solver import MixtureDiscreteEulerSolver
    from flow_matching.utils import ModelWrapper
    vocab, dim = 16, 2
    emb, head = torch.nn.Embedding(vocab, 32), torch.nn.Linear(32, vocab)

    class Denoiser(ModelWrapper):
        def forward(self, x, t, **extras):
            return torch.softmax(head(emb(x) + t.reshape(-1, 1, 1)), -1)
    path = MixtureDiscreteProbPath(scheduler=PolynomialConvexScheduler(n=2.0))
    solver = MixtureDiscreteEulerSolver(model=Denoiser(torch.nn.Identity()), path=path, vocabulary_size=vocab)

    def f(x_init):
        return solver.sample(x_init=x_init, step_size=0.25, verbose=False)
    return f, (torch.randint(0, vocab, (8, dim)),)


@entry("flow-matching", "Riemannian flow matching on a FlatTorus: GeodesicProbPath(CondOTScheduler) sample + loss backward")
def fm_riemannian_torus_loss():
    import math
    from flow_matching.path import GeodesicProbPath
    from flow_matching.path.scheduler import CondOTScheduler
    from flow_matching.utils.manifolds import FlatTorus
    vf = _FMVelocity()
    path = GeodesicProbPath(scheduler=CondOTScheduler(), manifold=FlatTorus())

    def f(x_0, x_1, t):
        ps = path.sample(t=t, x_0=x_0, x_1=x_1)
        loss = torch.pow(vf(ps.x_t, ps.t) - ps.dx_t, 2).mean()
        loss.backward()
        return loss.detach()
    return f, (torch.rand(16, 2) * 2 * math.pi, torch.rand(16, 2) * 2 * math.pi, torch.rand(16))


# ===================================================== rtdl-revisiting-models ==
# held-out set 6 (second batch). Tabular deep learning baselines (yandex-research/rtdl-revisiting-models,
# "Revisiting Deep Learning Models for Tabular Data"): MLP, ResNet and FT-Transformer, as in its README.
@entry("rtdl-revisiting-models", "FTTransformer with default kwargs on 3 continuous + 2 categorical features: training step (README)")
def ft_transformer_train_step():
    from rtdl_revisiting_models import FTTransformer
    model = FTTransformer(n_cont_features=3, cat_cardinalities=[4, 6], d_out=1, **FTTransformer.get_default_kwargs(n_blocks=2))
    opt = model.make_default_optimizer()

    def f(x_cont, x_cat, y):
        loss = torch.nn.functional.mse_loss(model(x_cont, x_cat).squeeze(-1), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(8, 3), torch.stack([torch.randint(0, 4, (8,)), torch.randint(0, 6, (8,))], -1), torch.randn(8))


@entry("rtdl-revisiting-models", "MLP and ResNet (README configs, smaller) eval forward on 10 features")
def mlp_resnet_forward():
    from rtdl_revisiting_models import MLP, ResNet
    mlp = MLP(d_in=10, d_out=3, n_blocks=2, d_block=32, dropout=0.1).eval()
    resnet = ResNet(d_in=10, d_out=3, n_blocks=2, d_block=32, d_hidden=None, d_hidden_multiplier=2.0,
                    dropout1=0.15, dropout2=0.0).eval()

    def f(x):
        return mlp(x), resnet(x)
    return f, (torch.randn(8, 10),)


@entry("rtdl-revisiting-models", "FTTransformer with a custom backbone (d_block 32, 4 heads) on continuous features only")
def ft_transformer_cont_only():
    from rtdl_revisiting_models import FTTransformer
    model = FTTransformer(n_cont_features=5, cat_cardinalities=[], d_out=2, n_blocks=1, d_block=32,
                          attention_n_heads=4, attention_dropout=0.1, ffn_d_hidden=None, ffn_d_hidden_multiplier=4 / 3,
                          ffn_dropout=0.1, residual_dropout=0.0)

    def f(x_cont):
        return model(x_cont, None)
    return f, (torch.randn(8, 5),)


# ========================================================== pytorch-optimizer ==
# held-out set 6 (second batch). The pytorch-optimizer collection (kozistr/pytorch_optimizer): optimizers
# built with load_optimizer / create_optimizer and used in training steps, SAM's two-step update, Lookahead,
# and its loss functions, as in its README and docs.
def _po_mlp():
    return torch.nn.Sequential(torch.nn.Linear(10, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))


def _po_step(model, opt):
    def f(x, y):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(16, 10), torch.randint(0, 3, (16,)))


@entry("pytorch-optimizer", "load_optimizer('adamp') and create_optimizer(model, 'adan', use_lookahead=True) training steps (README)")
def po_adamp_adan_lookahead():
    from pytorch_optimizer import create_optimizer, load_optimizer
    m1, m2 = _po_mlp(), _po_mlp()
    opt1 = load_optimizer("adamp")(m1.parameters(), lr=1e-3)
    opt2 = create_optimizer(m2, "adan", lr=1e-3, weight_decay=1e-3, use_lookahead=True)
    s1, args = _po_step(m1, opt1)
    s2, _ = _po_step(m2, opt2)

    def f(x, y):
        return s1(x, y), s2(x, y)
    return f, args


@entry("pytorch-optimizer", "SAM(base_optimizer SGD, rho 0.05) two-step update: first_step / second_step (README)")
def po_sam_two_step():
    from pytorch_optimizer import SAM
    model = _po_mlp()
    opt = SAM(model.parameters(), torch.optim.SGD, rho=0.05, lr=0.1)

    def f(x, y):
        torch.nn.functional.cross_entropy(model(x), y).backward()
        opt.first_step(zero_grad=True)
        torch.nn.functional.cross_entropy(model(x), y).backward()
        opt.second_step(zero_grad=True)
        return model[0].weight.detach().clone()
    return f, (torch.randn(16, 10), torch.randint(0, 3, (16,)))


@entry("pytorch-optimizer", "Ranger21 (num_iterations 10) and AdaBelief training steps")
def po_ranger21_adabelief():
    from pytorch_optimizer import AdaBelief, Ranger21
    m1, m2 = _po_mlp(), _po_mlp()
    s1, args = _po_step(m1, Ranger21(m1.parameters(), num_iterations=10, lr=1e-3))
    s2, _ = _po_step(m2, AdaBelief(m2.parameters(), lr=1e-3))

    def f(x, y):
        return s1(x, y), s2(x, y)
    return f, args


@entry("pytorch-optimizer", "SOAP and AdEMAMix training steps on a small MLP")
def po_soap_ademamix():
    from pytorch_optimizer import SOAP, AdEMAMix
    m1, m2 = _po_mlp(), _po_mlp()
    s1, args = _po_step(m1, SOAP(m1.parameters(), lr=3e-3, precondition_frequency=2))
    s2, _ = _po_step(m2, AdEMAMix(m2.parameters(), lr=1e-3))

    def f(x, y):
        return s1(x, y), s2(x, y)
    return f, args


@entry("pytorch-optimizer", "Lamb and ADOPT training steps")
def po_lamb_adopt():
    from pytorch_optimizer import ADOPT, Lamb
    m1, m2 = _po_mlp(), _po_mlp()
    s1, args = _po_step(m1, Lamb(m1.parameters(), lr=1e-3))
    s2, _ = _po_step(m2, ADOPT(m2.parameters(), lr=1e-3))

    def f(x, y):
        return s1(x, y), s2(x, y)
    return f, args


@entry("pytorch-optimizer", "loss functions: FocalLoss, DiceLoss, JaccardLoss, TverskyLoss, LovaszHingeLoss, SoftF1Loss (docs)")
def po_loss_functions():
    from pytorch_optimizer import DiceLoss, FocalLoss, JaccardLoss, LovaszHingeLoss, SoftF1Loss, TverskyLoss
    focal, dice, jac = FocalLoss(), DiceLoss(mode="binary"), JaccardLoss(mode="binary")
    tv, lov, sf1 = TverskyLoss(), LovaszHingeLoss(), SoftF1Loss()

    def f(logits, target):
        return (focal(logits, target), dice(logits, target), jac(logits, target), tv(logits.sigmoid(), target),
                lov(logits, target), sf1(logits.sigmoid(), target))
    return f, (torch.randn(2, 1, 8, 8), torch.randint(0, 2, (2, 1, 8, 8)).float())


# ================================================================= prodigyopt ==
# held-out set 6 (second batch). The Prodigy learning-rate-free optimizer (konstmish/prodigy), as in its
# README (lr 1., weight_decay, safeguard_warmup, use_bias_correction).
@entry("prodigyopt", "Prodigy(lr 1., weight_decay 0.01) training step on a small MLP (README)")
def prodigy_train_step():
    from prodigyopt import Prodigy
    model = torch.nn.Sequential(torch.nn.Linear(10, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    opt = Prodigy(model.parameters(), lr=1., weight_decay=0.01)

    def f(x, y):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(16, 10), torch.randint(0, 3, (16,)))


@entry("prodigyopt", "Prodigy with safeguard_warmup, use_bias_correction and d_coef 0.5 (the README's diffusion settings)")
def prodigy_diffusion_settings():
    from prodigyopt import Prodigy
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.SiLU(), torch.nn.Conv2d(8, 3, 3, padding=1))
    opt = Prodigy(model.parameters(), lr=1., betas=(0.9, 0.99), weight_decay=0.01, safeguard_warmup=True,
                  use_bias_correction=True, d_coef=0.5)

    def f(x, noise):
        loss = torch.nn.functional.mse_loss(model(x + noise), noise)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(2, 3, 16, 16), torch.randn(2, 3, 16, 16))


# ==== held-out set 6, third batch (chosen 2026-11-21 by the same helper, blind to graphlint): added because
# pytorch-ignite had 35.4% of the 48 default-family sites of the first two batches. Do not tune graphlint
# on these.
PACKAGES.update({
    "higher": {"dirs": ["higher"], "split": "dev"},
    # torchquad removed after the first collect (all 4 entry points compile-error; README)
    "coca-pytorch": {"dirs": ["coca_pytorch"], "split": "dev"},
    "mlp-mixer-pytorch": {"dirs": ["mlp_mixer_pytorch"], "split": "dev"},
})


# ===================================================================== higher ==
# held-out set 6 (third batch). Differentiable inner loops for meta-learning (facebookresearch/higher), as
# in its README: innerloop_ctx (MAML-style), monkeypatch + get_diff_optim.
@entry("higher", "MAML-style innerloop_ctx(model, SGD, copy_initial_weights=False): 2 inner steps, meta-loss backward (README)")
def higher_maml_inner_loop():
    import higher
    model = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
    inner_opt = torch.optim.SGD(model.parameters(), lr=0.1)
    meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def f(xs, ys, xq, yq):
        meta_opt.zero_grad()
        with higher.innerloop_ctx(model, inner_opt, copy_initial_weights=False) as (fmodel, diffopt):
            for _ in range(2):
                diffopt.step(torch.nn.functional.mse_loss(fmodel(xs), ys))
            meta_loss = torch.nn.functional.mse_loss(fmodel(xq), yq)
            meta_loss.backward()
        meta_opt.step()
        return meta_loss.detach()
    return f, (torch.randn(8, 4), torch.randn(8, 1), torch.randn(8, 4), torch.randn(8, 1))


@entry("higher", "innerloop_ctx with a differentiable Adam inner optimizer and track_higher_grads=False (first-order)")
def higher_adam_first_order():
    import higher
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 3))
    inner_opt = torch.optim.Adam(model.parameters(), lr=0.01)

    def f(x, y):
        with higher.innerloop_ctx(model, inner_opt, track_higher_grads=False) as (fmodel, diffopt):
            for _ in range(2):
                diffopt.step(torch.nn.functional.cross_entropy(fmodel(x), y))
            return fmodel(x).detach()
    return f, (torch.randn(8, 4), torch.randint(0, 3, (8,)))


@entry("higher", "higher.monkeypatch(model) + get_diff_optim(SGD momentum) with explicit params, learnable inner lr (override)")
def higher_monkeypatch_diff_optim():
    import higher
    model = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3), torch.nn.ReLU(), torch.nn.Flatten(), torch.nn.Linear(4 * 6 * 6, 2))
    inner_lr = torch.tensor(0.05, requires_grad=True)

    def f(x, y):
        fmodel = higher.monkeypatch(model, copy_initial_weights=True)
        opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        diffopt = higher.get_diff_optim(opt, model.parameters(), fmodel=fmodel, override={"lr": [inner_lr]})
        for _ in range(2):
            diffopt.step(torch.nn.functional.cross_entropy(fmodel(x), y))
        loss = torch.nn.functional.cross_entropy(fmodel(x), y)
        loss.backward()
        return loss.detach(), inner_lr.grad
    return f, (torch.randn(4, 1, 8, 8), torch.tensor([0, 1, 1, 0]))


# ================================================================== torchquad ==
# held-out set 6 (third batch). Multidimensional numerical integration (esa/torchquad) with the torch
# backend, as in its README and tutorial: Newton-Cotes rules, Gauss-Legendre, Monte Carlo, VEGAS, and
# gradients through an integral.
def _tq_setup():
    import torchquad
    torchquad.set_log_level("ERROR")
    return torchquad


# torchquad.torchquad_newton_cotes (Simpson, Trapezoid and Boole) was removed after the first collect:
# it recorded compile-error (Dynamo raised TypeError "amin() missing 1 required positional arguments").
# See README.md. Comment lines keep the line count.
#
#
#
#
#
#
#
#
#
#
#


# torchquad.torchquad_gradient (gradient of a Simpson integral) was removed after the first collect:
# it recorded compile-error (Dynamo raised TypeError "amin() missing 1 required positional arguments").
# See README.md. Comment lines keep the line count.
#
#
#
#
#
#
#
#


# torchquad.torchquad_mc_gauss (MonteCarlo and GaussLegendre) was removed after the first collect:
# it recorded compile-error (Dynamo raised TypeError "prod() missing 1 required positional arguments").
# See README.md. Comment lines keep the line count.
#
#
#
#
#
#
#
#
#
#


# torchquad.torchquad_vegas (VEGAS) was removed after the first collect:
# it recorded compile-error (Dynamo raised TypeError "prod() missing 1 required positional arguments").
# See README.md. Comment lines keep the line count.
#
#
#
#
#
#
#
#
#


# =============================================================== coca-pytorch ==
# held-out set 6 (third batch). CoCa, contrastive captioners for vision-language pretraining
# (lucidrains/CoCa-pytorch), as in its README, with a small patch-embedding image encoder instead of a
# vit-pytorch one (vit-pytorch needs torchvision).
class _CocaPatchEncoder(torch.nn.Module):
    def __init__(self, dim=48, patch=8):
        super().__init__()
        self.proj = torch.nn.Conv2d(3, dim, patch, stride=patch)

    def forward(self, images):
        return self.proj(images).flatten(2).transpose(1, 2)


def _coca():
    from coca_pytorch.coca_pytorch import CoCa
    return CoCa(dim=32, img_encoder=_CocaPatchEncoder(), image_dim=48, num_tokens=100, unimodal_depth=2,
                multimodal_depth=2, dim_head=8, heads=4, num_img_queries=8, caption_loss_weight=1.,
                contrastive_loss_weight=1.)


@entry("coca-pytorch", "CoCa(return_loss=True) caption + contrastive loss backward on images and text (README)")
def coca_loss_backward():
    coca = _coca()

    def f(text, images):
        loss = coca(text=text, images=images, return_loss=True)
        loss.backward()
        return loss.detach()
    return f, (torch.randint(0, 100, (2, 12)), torch.randn(2, 3, 32, 32))


@entry("coca-pytorch", "CoCa caption logits and return_embeddings=True (text and image embeddings) in eval mode (README)")
def coca_logits_embeddings():
    coca = _coca().eval()

    def f(text, images):
        with torch.no_grad():
            logits = coca(text=text, images=images)
            text_embeds, image_embeds = coca(text=text, images=images, return_embeddings=True)
        return logits, text_embeds, image_embeds
    return f, (torch.randint(0, 100, (2, 12)), torch.randn(2, 3, 32, 32))


@entry("coca-pytorch", "CoCa on precomputed image_tokens (no image encoder) with padded text (pad_id 0)")
def coca_image_tokens_padded():
    from coca_pytorch.coca_pytorch import CoCa
    coca = CoCa(dim=32, image_dim=48, num_tokens=100, unimodal_depth=1, multimodal_depth=1, dim_head=8, heads=4,
                num_img_queries=8)

    def f(text, image_tokens):
        return coca(text=text, image_tokens=image_tokens, return_loss=True)
    text = torch.randint(1, 100, (2, 10))
    text[1, 7:] = 0
    return f, (text, torch.randn(2, 16, 48))


# ========================================================== mlp-mixer-pytorch ==
# held-out set 6 (third batch). MLP-Mixer (lucidrains/mlp-mixer-pytorch), as in its README: MLPMixer,
# MLPMixer3D for video and the Vision Permutator, tiny dims.
@entry("mlp-mixer-pytorch", "MLPMixer(image 32, patch 8, dim 64, depth 2) training step (README)")
def mlp_mixer_train_step():
    from mlp_mixer_pytorch import MLPMixer
    model = MLPMixer(image_size=32, channels=3, patch_size=8, dim=64, depth=2, num_classes=10, dropout=0.1)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def f(x, y):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(2, 3, 32, 32), torch.tensor([1, 7]))


@entry("mlp-mixer-pytorch", "MLPMixer3D on a short video (time_size 4, time_patch_size 2) and a rectangular MLPMixer (README)")
def mlp_mixer_3d_rect():
    from mlp_mixer_pytorch import MLPMixer, MLPMixer3D
    video = MLPMixer3D(image_size=(32, 32), time_size=4, time_patch_size=2, channels=3, patch_size=8, dim=32,
                       depth=1, num_classes=5)
    rect = MLPMixer(image_size=(32, 64), channels=3, patch_size=16, dim=32, depth=1, num_classes=5)

    def f(v, img):
        return video(v), rect(img)
    return f, (torch.randn(1, 3, 4, 32, 32), torch.randn(1, 3, 32, 64))


@entry("mlp-mixer-pytorch", "Vision Permutator (segments 4) eval forward (README)")
def vision_permutator_forward():
    from mlp_mixer_pytorch import Permutator
    model = Permutator(image_size=32, patch_size=8, dim=64, depth=2, num_classes=10, segments=4).eval()

    def f(x):
        return model(x)
    return f, (torch.randn(2, 3, 32, 32),)


# ==== held-out set 6, fourth batch (chosen 2026-11-21 by the same helper, blind to graphlint): added because
# after the third batch pytorch-ignite still had 35.4% of the 48 default-family sites and the set was below
# 50. Do not tune graphlint on these.
PACKAGES.update({
    "fast-bss-eval": {"dirs": ["fast_bss_eval"], "split": "dev"},
    "geotorch": {"dirs": ["geotorch"], "split": "dev"},
    "pytorch-nlp": {"dirs": ["torchnlp"], "split": "dev"},
})


# ============================================================== fast-bss-eval ==
# held-out set 6 (fourth batch). bss_eval metrics for audio source separation with the torch backend
# (fakufaku/fast_bss_eval), as in its README and docs: metrics, and the SDR / SI-SDR losses for training.
@entry("fast-bss-eval", "bss_eval_sources(ref, est) on 2 sources x 4000 samples (torch tensors; README)")
def bss_eval_sources_torch():
    import fast_bss_eval

    def f(ref, est):
        return fast_bss_eval.bss_eval_sources(ref, est, filter_length=64)
    ref = torch.randn(2, 4000)
    return f, (ref, ref.flip(0) + 0.3 * torch.randn(2, 4000))


@entry("fast-bss-eval", "sdr with use_cg_iter=10 (iterative solver) and si_sdr with return_perm (README options)")
def sdr_cg_si_sdr():
    import fast_bss_eval

    def f(ref, est):
        return (fast_bss_eval.sdr(ref, est, filter_length=64, use_cg_iter=10),
                fast_bss_eval.si_sdr(ref, est, return_perm=True))
    ref = torch.randn(3, 2, 2000)
    return f, (ref, ref + 0.2 * torch.randn(3, 2, 2000))


@entry("fast-bss-eval", "sdr_loss and si_sdr_loss backward through a 1-D conv separator (training with the losses)")
def sdr_losses_backward():
    import fast_bss_eval
    net = torch.nn.Conv1d(1, 2, 9, padding=4)

    def f(mix, ref):
        est = net(mix)
        loss = fast_bss_eval.sdr_loss(est, ref, filter_length=32, clamp_db=50).mean() + \
            fast_bss_eval.si_sdr_loss(est, ref, clamp_db=50).mean()
        loss.backward()
        return loss.detach()
    ref = torch.randn(2, 2, 1000)
    return f, (ref.sum(1, keepdim=True), ref)


@entry("fast-bss-eval", "sdr_pit_loss and si_sdr_pit_loss (permutation-invariant training) backward")
def pit_losses_backward():
    import fast_bss_eval
    net = torch.nn.Conv1d(1, 3, 9, padding=4)

    def f(mix, ref):
        est = net(mix)
        loss = fast_bss_eval.sdr_pit_loss(est, ref, filter_length=32).mean() + \
            fast_bss_eval.si_sdr_pit_loss(est, ref).mean()
        loss.backward()
        return loss.detach()
    ref = torch.randn(2, 3, 800)
    return f, (ref.sum(1, keepdim=True), ref)


# =================================================================== geotorch ==
# held-out set 6 (fourth batch). Manifold constraints as parametrizations (lezcano/geotorch), as in its
# README: orthogonal, positive definite, low rank, sphere, and training with the constrained weights.
@entry("geotorch", "orthogonal Linear + positive_definite Linear weights: training step (README model)")
def geotorch_orthogonal_pd_train_step():
    import geotorch
    lin = torch.nn.Linear(16, 16)
    pd = torch.nn.Linear(16, 16)
    geotorch.orthogonal(lin, "weight")
    geotorch.positive_definite(pd, "weight")
    head = torch.nn.Linear(16, 3)
    params = list(lin.parameters()) + list(pd.parameters()) + list(head.parameters())
    opt = torch.optim.SGD(params, lr=0.1)

    def f(x, y):
        loss = torch.nn.functional.cross_entropy(head(pd(torch.relu(lin(x)))), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(8, 16), torch.randint(0, 3, (8,)))


@entry("geotorch", "orthogonal recurrent kernel of an RNN cell (expRNN, README) unrolled over 10 steps")
def geotorch_orthogonal_rnn():
    import geotorch
    cell = torch.nn.RNNCell(8, 16)
    geotorch.orthogonal(cell, "weight_hh", triv="cayley")

    def f(xs):
        h = xs.new_zeros(xs.shape[1], 16)
        for x in xs:
            h = cell(x, h)
        loss = h.pow(2).mean()
        loss.backward()
        return loss.detach()
    return f, (torch.randn(10, 4, 8),)


@entry("geotorch", "low_rank(rank 3), sphere, skew, symmetric and grassmannian constraints: forward of constrained Linears")
def geotorch_low_rank_sphere():
    import geotorch
    layers = [torch.nn.Linear(12, 12) for _ in range(5)]
    geotorch.low_rank(layers[0], "weight", rank=3)
    geotorch.sphere(layers[1], "weight")
    geotorch.skew(layers[2], "weight")
    geotorch.symmetric(layers[3], "weight")
    geotorch.grassmannian(layers[4], "weight")

    def f(x):
        for lyr in layers:
            x = torch.tanh(lyr(x))
        return x
    return f, (torch.randn(4, 12),)


@entry("geotorch", "almost_orthogonal(lam 0.5) and invertible weights: Adam training step (README constraints)")
def geotorch_almost_orthogonal_invertible():
    import geotorch
    a, b = torch.nn.Linear(10, 10), torch.nn.Linear(10, 10)
    geotorch.almost_orthogonal(a, "weight", lam=0.5)
    geotorch.invertible(b, "weight")
    opt = torch.optim.Adam(list(a.parameters()) + list(b.parameters()), lr=1e-2)

    def f(x):
        loss = b(a(x)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(6, 10),)


# ================================================================ pytorch-nlp ==
# held-out set 6 (fourth batch). PyTorch-NLP (PetrochukM/PyTorch-NLP) neural network modules, as in its
# README and docs: Attention, LockedDropout, WeightDrop LSTM (AWD-LSTM style), CNNEncoder.
@entry("pytorch-nlp", "Attention(attention_type 'general' and 'dot') over an encoder context (docs example)")
def torchnlp_attention():
    from torchnlp.nn import Attention
    general, dot = Attention(32), Attention(32, attention_type="dot")

    def f(query, context):
        out, weights = general(query, context)
        out2, _ = dot(query, context)
        return out, weights, out2
    return f, (torch.randn(4, 3, 32), torch.randn(4, 10, 32))


@entry("pytorch-nlp", "AWD-LSTM-style language model: WeightDropLSTM + LockedDropout, training step")
def torchnlp_awd_lstm_step():
    from torchnlp.nn import LockedDropout, WeightDropLSTM
    emb = torch.nn.Embedding(50, 16)
    lstm = WeightDropLSTM(16, 32, weight_dropout=0.3)
    drop = LockedDropout(0.3)
    head = torch.nn.Linear(32, 50)
    params = list(emb.parameters()) + list(lstm.parameters()) + list(head.parameters())
    opt = torch.optim.SGD(params, lr=0.5)

    def f(tokens):
        x = drop(emb(tokens[:-1]))
        out, _ = lstm(x)
        logits = head(drop(out))
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, 50), tokens[1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randint(0, 50, (12, 4)),)


@entry("pytorch-nlp", "CNNEncoder(embedding_dim 16, num_filters 8, ngram sizes 2-4) with a padding mask, and WeightDrop(GRU)")
def torchnlp_cnn_encoder_weightdrop_gru():
    from torchnlp.nn import CNNEncoder, WeightDrop
    enc = CNNEncoder(embedding_dim=16, num_filters=8, ngram_filter_sizes=(2, 3, 4), output_dim=12)
    gru = WeightDrop(torch.nn.GRU(16, 16), ["weight_hh_l0"], dropout=0.2)

    def f(tokens, mask):
        out, _ = gru(tokens.transpose(0, 1))
        return enc(tokens, mask), out
    mask = torch.ones(3, 9)
    mask[2, 5:] = 0
    return f, (torch.randn(3, 9, 16), mask)


# ==== held-out set 7 (chosen 2026-11-21 by a helper blind to graphlint, see README.md): do not tune graphlint on these
PACKAGES.update({
    "tensorly-torch": {"dirs": ["tltorch"], "split": "dev"},
    "loralib": {"dirs": ["loralib"], "split": "dev"},
    "dadaptation": {"dirs": ["dadaptation"], "split": "dev"},
    "siren-pytorch": {"dirs": ["siren_pytorch"], "split": "dev"},
})


# ============================================================= tensorly-torch ==
# held-out set 7. TensorLy-Torch (tltorch) factorized / tensorized layers, as in its README and docs:
# FactorizedLinear, FactorizedConv, TRL, TCL, FactorizedEmbedding, tensor dropout and tensor lasso.
@entry("tensorly-torch", "FactorizedLinear.from_linear (Tucker, rank 0.5) and a CP FactorizedLinear on tensorized features, training step")
def tltorch_factorized_linear_step():
    import tltorch
    fl = tltorch.FactorizedLinear.from_linear(torch.nn.Linear(32, 16), rank=0.5, factorization="tucker",
                                              n_tensorized_modes=2)
    cp = tltorch.FactorizedLinear(in_tensorized_features=(4, 4), out_tensorized_features=(2, 4),
                                  factorization="cp", rank=0.5)
    opt = torch.optim.SGD(list(fl.parameters()) + list(cp.parameters()), lr=0.1)

    def f(x):
        loss = cp(fl(x)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(8, 32),)


@entry("tensorly-torch", "FactorizedConv.from_conv (CP, factorized implementation) and a Tucker FactorizedConv, eval forward")
def tltorch_factorized_conv():
    import tltorch
    conv = tltorch.FactorizedConv.from_conv(torch.nn.Conv2d(3, 8, 3, padding=1), rank=0.5,
                                            factorization="cp", implementation="factorized")
    tucker = tltorch.FactorizedConv(8, 4, kernel_size=3, order=2, factorization="tucker", rank=0.5,
                                    padding=1)

    def f(x):
        with torch.no_grad():
            return tucker(conv(x))
    return f, (torch.randn(2, 3, 12, 12),)


@entry("tensorly-torch", "Tensor contraction layer (TCL) + tensor regression layer (TRL) head on conv features, loss backward")
def tltorch_tcl_trl():
    import tltorch
    conv = torch.nn.Conv2d(3, 6, 3)
    tcl = tltorch.TCL(input_shape=(6, 8, 8), rank=(4, 4, 4))
    trl = tltorch.TRL(input_shape=(4, 4, 4), output_shape=(5,), rank="same", factorization="tucker")

    def f(x, y):
        logits = trl(tcl(torch.relu(conv(x))))
        loss = torch.nn.functional.cross_entropy(logits, y)
        loss.backward()
        return loss.detach()
    return f, (torch.randn(4, 3, 10, 10), torch.randint(0, 5, (4,)))


@entry("tensorly-torch", "FactorizedEmbedding (block-TT, rank 8) lookup of a (4, 7) index batch, and from_embedding")
def tltorch_factorized_embedding():
    import tltorch
    emb = tltorch.FactorizedEmbedding(100, 16, factorization="blocktt", rank=8)
    emb2 = tltorch.FactorizedEmbedding.from_embedding(torch.nn.Embedding(64, 8), rank=4,
                                                      factorization="blocktt")

    def f(idx):
        return emb(idx), emb2(idx % 64)
    return f, (torch.randint(0, 100, (4, 7)),)


@entry("tensorly-torch", "tensor_dropout on a CP TRL weight and tensor_lasso on a FactorizedLinear, training forward + penalty")
def tltorch_tensor_hooks():
    import tltorch
    trl = tltorch.TRL(input_shape=(4, 5), output_shape=(3,), factorization="cp", rank=6)
    tltorch.tensor_dropout(trl.weight, p=0.5)
    lin = tltorch.FactorizedLinear(in_tensorized_features=(4, 2), out_tensorized_features=(2, 2),
                                   factorization="cp", rank=4)
    lasso = tltorch.tensor_lasso(factorization="cp", penalty=0.01)
    lasso.apply(lin.weight)
    trl.train()

    def f(x, z):
        out = trl(x).sum() + lin(z).sum()
        loss = out + lasso.loss
        loss.backward()
        lasso.reset()
        return loss.detach()
    return f, (torch.randn(6, 4, 5), torch.randn(6, 8))


# ==================================================================== loralib ==
# held-out set 7. Microsoft LoRA's loralib, as in its README: lora.Linear / Embedding / MergedLinear /
# Conv2d, mark_only_lora_as_trainable, lora_state_dict, merged weights in eval mode.
@entry("loralib", "lora.Embedding + lora.Linear (r 8) language-model head, mark_only_lora_as_trainable, AdamW step")
def loralib_linear_embedding_step():
    import loralib as lora
    model = torch.nn.Sequential(lora.Embedding(50, 16, r=8), torch.nn.Flatten(1),
                                lora.Linear(16 * 6, 32, r=8, lora_alpha=16, lora_dropout=0.1),
                                torch.nn.GELU(), torch.nn.Linear(32, 50))
    lora.mark_only_lora_as_trainable(model, bias="lora_only")
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-3)

    def f(tokens, target):
        loss = torch.nn.functional.cross_entropy(model(tokens), target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randint(0, 50, (4, 6)), torch.randint(0, 50, (4,)))


@entry("loralib", "lora.MergedLinear qkv projection (enable_lora [True, False, True]) in a self-attention forward + backward")
def loralib_merged_linear_attention():
    import loralib as lora
    qkv = lora.MergedLinear(32, 3 * 32, r=4, lora_alpha=8, enable_lora=[True, False, True])
    proj = lora.Linear(32, 32, r=4)
    lora.mark_only_lora_as_trainable(torch.nn.ModuleList([qkv, proj]))

    def f(x):
        q, k, v = qkv(x).chunk(3, dim=-1)
        att = torch.softmax(q @ k.transpose(-1, -2) / 32 ** 0.5, dim=-1)
        out = proj(att @ v)
        out.sum().backward()
        return out.detach()
    return f, (torch.randn(2, 10, 32),)


@entry("loralib", "lora.Conv2d (r 4) classifier: training forward, then eval() merges weights and lora_state_dict")
def loralib_conv2d_train_eval():
    import loralib as lora
    conv = lora.Conv2d(3, 8, kernel_size=3, r=4, lora_alpha=4, padding=1)
    head = lora.Linear(8, 5, r=2, fan_in_fan_out=False, merge_weights=True)

    def f(x):
        conv.train()
        head.train()
        y = head(torch.relu(conv(x)).mean(dim=(2, 3)))
        conv.eval()
        head.eval()
        z = head(torch.relu(conv(x)).mean(dim=(2, 3)))
        return y, z, len(lora.lora_state_dict(torch.nn.ModuleList([conv, head])))
    return f, (torch.randn(2, 3, 8, 8),)


# ================================================================ dadaptation ==
# held-out set 7. D-Adaptation optimizers (facebookresearch/dadaptation), as in its README: learning-rate
# free DAdaptAdam / DAdaptSGD / DAdaptAdaGrad / DAdaptAdan / DAdaptLion with lr=1.0.
def _dadapt_step(opt_cls, **kw):
    model = torch.nn.Sequential(torch.nn.Linear(10, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1))
    opt = opt_cls(model.parameters(), **kw)

    def f(x, y):
        loss = torch.nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(8, 10), torch.randn(8, 1))


@entry("dadaptation", "DAdaptAdam(lr=1.0, decouple=True, weight_decay=1e-2) training step (README's AdamW-style setting)")
def dadapt_adam_step():
    from dadaptation import DAdaptAdam
    return _dadapt_step(DAdaptAdam, lr=1.0, decouple=True, weight_decay=1e-2)


@entry("dadaptation", "DAdaptSGD(lr=1.0, momentum=0.9) training step")
def dadapt_sgd_step():
    from dadaptation import DAdaptSGD
    return _dadapt_step(DAdaptSGD, lr=1.0, momentum=0.9)


@entry("dadaptation", "DAdaptAdaGrad(lr=1.0) training step")
def dadapt_adagrad_step():
    from dadaptation import DAdaptAdaGrad
    return _dadapt_step(DAdaptAdaGrad, lr=1.0)


@entry("dadaptation", "DAdaptAdan(lr=1.0) and DAdaptLion(lr=1.0) training steps")
def dadapt_adan_lion_step():
    from dadaptation import DAdaptAdan, DAdaptLion
    f1, args = _dadapt_step(DAdaptAdan, lr=1.0)
    f2, _ = _dadapt_step(DAdaptLion, lr=1.0)

    def f(x, y):
        return f1(x, y), f2(x, y)
    return f, args


# ============================================================== siren-pytorch ==
# held-out set 7. SIREN implicit neural representations (lucidrains/siren-pytorch), as in its README:
# SirenNet on coordinates, SirenWrapper image fitting, latent modulation, a single Siren layer.
@entry("siren-pytorch", "SirenNet(dim_in 2, hidden 32, out 3, 4 layers, Sigmoid final activation) on 64 coordinates")
def siren_net_forward():
    from siren_pytorch import SirenNet
    net = SirenNet(dim_in=2, dim_hidden=32, dim_out=3, num_layers=4,
                   final_activation=torch.nn.Sigmoid(), w0_initial=30.)

    def f(coords):
        return net(coords)
    return f, (torch.rand(64, 2) * 2 - 1,)


@entry("siren-pytorch", "SirenWrapper(16x16 image) fitting loss, backward and Adam step (README), then image generation")
def siren_wrapper_fit_step():
    from siren_pytorch import SirenNet, SirenWrapper
    net = SirenNet(dim_in=2, dim_hidden=32, dim_out=3, num_layers=3, w0_initial=30.)
    wrapper = SirenWrapper(net, image_width=16, image_height=16)
    opt = torch.optim.Adam(wrapper.parameters(), lr=1e-4)

    def f(img):
        loss = wrapper(img)
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            pred = wrapper()
        return loss.detach(), pred
    return f, (torch.randn(1, 3, 16, 16),)


@entry("siren-pytorch", "SirenWrapper with latent_dim 8 (modulated SIREN) loss, and a single Siren layer + Sine with dropout")
def siren_latent_modulation():
    from siren_pytorch import Sine, Siren, SirenNet, SirenWrapper
    net = SirenNet(dim_in=2, dim_hidden=16, dim_out=3, num_layers=3, dropout=0.1)
    wrapper = SirenWrapper(net, latent_dim=8, image_width=8, image_height=8)
    layer = Siren(dim_in=4, dim_out=6, w0=1., is_first=True, dropout=0.1)
    sine = Sine(w0=2.)

    def f(img, latent, x):
        loss = wrapper(img, latent=latent)
        loss.backward()
        return loss.detach(), sine(layer(x))
    return f, (torch.randn(1, 3, 8, 8), torch.randn(8), torch.randn(5, 4))


# ==== held-out set 7, second batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "snac": {"dirs": ["snac"], "split": "dev"},
    "torchbnn": {"dirs": ["torchbnn"], "split": "dev"},
    "torchfm": {"dirs": ["torchfm"], "split": "dev"},
})


# ======================================================================= snac ==
# held-out set 7. SNAC multi-scale neural audio codec (hubertsiuzdak/snac), as in its README
# (forward, encode -> codes -> decode), built from a tiny config with random weights (no from_pretrained).
def _snac_model():
    from snac import SNAC
    return SNAC(sampling_rate=8000, encoder_dim=16, encoder_rates=[2, 2], decoder_dim=64,
                decoder_rates=[2, 2], attn_window_size=8, codebook_size=64, codebook_dim=4,
                vq_strides=[2, 1])


@entry("snac", "SNAC(tiny config) forward (audio_hat, codes) and an L1 reconstruction loss backward")
def snac_forward_loss():
    model = _snac_model()

    def f(audio):
        audio_hat, codes = model(audio)
        loss = (audio_hat - audio).abs().mean()
        loss.backward()
        return loss.detach(), codes
    return f, (torch.randn(2, 1, 100),)


# snac.snac_encode_decode (encode -> codes -> decode under inference_mode) was removed after the first collect:
# it recorded compile-error (Dynamo raised AssertionError "Guard failed on the same frame it was created").
# See README.md. Comment lines keep the line count.
#
#
#
#
#
#
#


# ================================================================== torchbnn ==
# held-out set 7. Bayesian neural networks (Harry24k/bayesian-neural-network-pytorch, torchbnn), as in
# its README and demos: BayesLinear / BayesConv2d / BayesBatchNorm2d, BKLLoss, model conversion, freeze.
@entry("torchbnn", "BayesLinear classifier (prior_mu 0, prior_sigma 0.1) with cross-entropy + 0.01 * BKLLoss, Adam step (README demo)")
def torchbnn_bayes_linear_step():
    import torchbnn as bnn
    model = torch.nn.Sequential(bnn.BayesLinear(prior_mu=0, prior_sigma=0.1, in_features=4, out_features=32),
                                torch.nn.ReLU(),
                                bnn.BayesLinear(prior_mu=0, prior_sigma=0.1, in_features=32, out_features=3))
    ce, kl = torch.nn.CrossEntropyLoss(), bnn.BKLLoss(reduction="mean", last_layer_only=False)
    opt = torch.optim.Adam(model.parameters(), lr=0.01)

    def f(x, y):
        cost = ce(model(x), y) + 0.01 * kl(model)
        opt.zero_grad()
        cost.backward()
        opt.step()
        return cost.detach()
    return f, (torch.randn(16, 4), torch.randint(0, 3, (16,)))


@entry("torchbnn", "BayesConv2d + BayesBatchNorm2d + BayesLinear CNN, training step with functional bayesian_kl_loss")
def torchbnn_bayes_cnn_step():
    import torchbnn as bnn
    from torchbnn.functional import bayesian_kl_loss
    model = torch.nn.Sequential(
        bnn.BayesConv2d(prior_mu=0, prior_sigma=0.1, in_channels=1, out_channels=4, kernel_size=3, padding=1),
        bnn.BayesBatchNorm2d(prior_mu=0, prior_sigma=0.1, num_features=4), torch.nn.ReLU(),
        torch.nn.AdaptiveAvgPool2d(2), torch.nn.Flatten(),
        bnn.BayesLinear(prior_mu=0, prior_sigma=0.1, in_features=16, out_features=5))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)

    def f(x, y):
        loss = torch.nn.functional.cross_entropy(model(x), y) + 0.1 * bayesian_kl_loss(model)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(4, 1, 8, 8), torch.randint(0, 5, (4,)))


@entry("torchbnn", "BayesLinear MLP: sampled forwards (predictive mean / std), then utils.freeze (deterministic) / unfreeze forwards")
def torchbnn_predictive_freeze():
    import torchbnn as bnn
    model = torch.nn.Sequential(bnn.BayesLinear(prior_mu=0, prior_sigma=0.05, in_features=6, out_features=12),
                                torch.nn.ReLU(),
                                bnn.BayesLinear(prior_mu=0, prior_sigma=0.05, in_features=12, out_features=2))

    def f(x):
        sampled = torch.stack([model(x) for _ in range(3)])
        bnn.utils.freeze(model)
        det = model(x)
        bnn.utils.unfreeze(model)
        return sampled.mean(0), sampled.std(0), det
    return f, (torch.randn(5, 6),)


# =================================================================== torchfm ==
# held-out set 7. pytorch-fm (rixwew/pytorch-fm, torchfm): factorization-machine CTR models, as in its
# README / examples (categorical field indices, sigmoid output, BCE training step).
_FM_FIELDS = (5, 7, 4, 9)


def _fm_step(model):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def f(x, y):
        loss = torch.nn.functional.binary_cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    x = torch.stack([torch.randint(0, n, (16,)) for n in _FM_FIELDS], dim=1)
    return f, (x, torch.randint(0, 2, (16,)).float())


@entry("torchfm", "FactorizationMachineModel and FieldAwareFactorizationMachineModel training steps")
def torchfm_fm_ffm_step():
    from torchfm.model.ffm import FieldAwareFactorizationMachineModel
    from torchfm.model.fm import FactorizationMachineModel
    f1, args = _fm_step(FactorizationMachineModel(_FM_FIELDS, embed_dim=8))
    f2, _ = _fm_step(FieldAwareFactorizationMachineModel(_FM_FIELDS, embed_dim=4))

    def f(x, y):
        return f1(x, y), f2(x, y)
    return f, args


@entry("torchfm", "DeepFactorizationMachineModel (DeepFM) and xDeepFM (CIN cross layers) training steps")
def torchfm_deepfm_xdeepfm_step():
    from torchfm.model.dfm import DeepFactorizationMachineModel
    from torchfm.model.xdfm import ExtremeDeepFactorizationMachineModel
    f1, args = _fm_step(DeepFactorizationMachineModel(_FM_FIELDS, embed_dim=8, mlp_dims=(16, 16), dropout=0.2))
    f2, _ = _fm_step(ExtremeDeepFactorizationMachineModel(_FM_FIELDS, embed_dim=8, mlp_dims=(16,), dropout=0.2,
                                                           cross_layer_sizes=(8, 8), split_half=False))

    def f(x, y):
        return f1(x, y), f2(x, y)
    return f, args


@entry("torchfm", "AutoInt (AutomaticFeatureInteractionModel), AFN and AFM forwards in eval mode")
def torchfm_autoint_afn_afm():
    from torchfm.model.afi import AutomaticFeatureInteractionModel
    from torchfm.model.afm import AttentionalFactorizationMachineModel
    from torchfm.model.afn import AdaptiveFactorizationNetwork
    models = [AutomaticFeatureInteractionModel(_FM_FIELDS, embed_dim=8, atten_embed_dim=8, num_heads=2, num_layers=2,
                                               mlp_dims=(16,), dropouts=(0.2, 0.2)),
              AdaptiveFactorizationNetwork(_FM_FIELDS, embed_dim=8, LNN_dim=6, mlp_dims=(16,), dropouts=(0.2, 0.2)),
              AttentionalFactorizationMachineModel(_FM_FIELDS, embed_dim=8, attn_size=8, dropouts=(0.2, 0.2))]
    for m in models:
        m.eval()

    def f(x):
        with torch.no_grad():
            return [m(x) for m in models]
    return f, (torch.stack([torch.randint(0, n, (16,)) for n in _FM_FIELDS], dim=1),)


@entry("torchfm", "Deep & Cross Network, Wide&Deep, PNN (inner and outer) and NFM training steps")
def torchfm_dcn_wd_pnn_nfm_step():
    from torchfm.model.dcn import DeepCrossNetworkModel
    from torchfm.model.nfm import NeuralFactorizationMachineModel
    from torchfm.model.pnn import ProductNeuralNetworkModel
    from torchfm.model.wd import WideAndDeepModel
    fs = [_fm_step(m)[0] for m in (
        DeepCrossNetworkModel(_FM_FIELDS, embed_dim=8, num_layers=2, mlp_dims=(16,), dropout=0.2),
        WideAndDeepModel(_FM_FIELDS, embed_dim=8, mlp_dims=(16,), dropout=0.2),
        ProductNeuralNetworkModel(_FM_FIELDS, embed_dim=8, mlp_dims=(16,), dropout=0.2, method="inner"),
        ProductNeuralNetworkModel(_FM_FIELDS, embed_dim=8, mlp_dims=(16,), dropout=0.2, method="outer"),
        NeuralFactorizationMachineModel(_FM_FIELDS, embed_dim=8, mlp_dims=(16,), dropouts=(0.2, 0.2)))]
    _, args = _fm_step(torch.nn.Linear(1, 1))

    def f(x, y):
        return [g(x, y) for g in fs]
    return f, args


@entry("torchfm", "NeuralCollaborativeFiltering (user field 0, item field 1) training step")
def torchfm_ncf_step():
    from torchfm.model.ncf import NeuralCollaborativeFiltering
    model = NeuralCollaborativeFiltering((20, 30), user_field_idx=torch.tensor([0]), item_field_idx=torch.tensor([1]),
                                         embed_dim=8, mlp_dims=(16, 8), dropout=0.2)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def f(x, y):
        loss = torch.nn.functional.binary_cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    x = torch.stack([torch.randint(0, 20, (16,)), torch.randint(0, 30, (16,))], dim=1)
    return f, (x, torch.randint(0, 2, (16,)).float())


# ==== held-out set 7, third batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "deepctr-torch": {"dirs": ["deepctr_torch"], "split": "dev"},
})


# ============================================================== deepctr-torch ==
# held-out set 7. DeepCTR-Torch (shenweichen/DeepCTR-Torch) CTR / recommendation models, as in its
# Quick-Start and examples (SparseFeat / DenseFeat / VarLenSparseFeat columns). The input tensor is built
# as BaseModel.fit builds it (feature columns concatenated in feature_index order, float); the training
# step is the body of fit's inner loop (sum-reduced loss + get_regularization_loss() + aux_loss).
def _ctr_columns():
    from deepctr_torch.inputs import DenseFeat, SparseFeat
    return ([SparseFeat(f"C{i}", vocabulary_size=v, embedding_dim=4) for i, v in enumerate((5, 7, 3))]
            + [DenseFeat(f"I{i}", 1) for i in range(2)])


def _ctr_input(model, data):
    return torch.cat([data[name].reshape(len(data[name]), -1).float() for name in model.feature_index], dim=-1)


def _ctr_data(n=16):
    data = {f"C{i}": torch.randint(0, v, (n,)) for i, v in enumerate((5, 7, 3))}
    data.update({f"I{i}": torch.rand(n) for i in range(2)})
    return data


def _ctr_train_step(model):
    import torch.nn.functional as F
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def f(x, y):
        y_pred = model(x).squeeze(-1)
        opt.zero_grad()
        loss = F.binary_cross_entropy(y_pred, y, reduction="sum")
        total = loss + model.get_regularization_loss() + model.aux_loss
        total.backward()
        opt.step()
        return total.detach()
    return f


@entry("deepctr-torch", "DeepFM (Quick-Start: sparse + dense feature columns, task 'binary') training step as in fit")
def deepctr_deepfm_step():
    from deepctr_torch.models import DeepFM
    cols = _ctr_columns()
    model = DeepFM(linear_feature_columns=cols, dnn_feature_columns=cols, dnn_hidden_units=(16, 8), task="binary")
    return _ctr_train_step(model), (_ctr_input(model, _ctr_data()), torch.randint(0, 2, (16,)).float())


@entry("deepctr-torch", "xDeepFM (CIN), AutoInt and DCN (matrix cross) eval forwards, as in predict")
def deepctr_xdeepfm_autoint_dcn():
    from deepctr_torch.models import DCN, AutoInt, xDeepFM
    cols = _ctr_columns()
    models = [xDeepFM(cols, cols, dnn_hidden_units=(16,), cin_layer_size=(8, 8)),
              AutoInt(cols, cols, att_layer_num=2, att_head_num=2, dnn_hidden_units=(16,)),
              DCN(cols, cols, cross_num=2, cross_parameterization="matrix", dnn_hidden_units=(16,))]
    for m in models:
        m.eval()
    x = _ctr_input(models[0], _ctr_data())

    def f(x):
        with torch.no_grad():
            return [m(x) for m in models]
    return f, (x,)


def _din_columns_and_data(n=8):
    from deepctr_torch.inputs import DenseFeat, SparseFeat, VarLenSparseFeat
    cols = [SparseFeat("user", 3, embedding_dim=8), SparseFeat("gender", 2, embedding_dim=8),
            SparseFeat("item_id", 3 + 1, embedding_dim=8), SparseFeat("cate_id", 2 + 1, embedding_dim=8),
            DenseFeat("pay_score", 1)]
    cols += [VarLenSparseFeat(SparseFeat("hist_item_id", vocabulary_size=3 + 1, embedding_dim=8, embedding_name="item_id"),
                              maxlen=4, length_name="seq_length"),
             VarLenSparseFeat(SparseFeat("hist_cate_id", 2 + 1, embedding_dim=8, embedding_name="cate_id"),
                              maxlen=4, length_name="seq_length")]
    seq_length = torch.randint(1, 5, (n,))
    mask = torch.arange(4)[None, :] < seq_length[:, None]
    data = {"user": torch.randint(0, 3, (n,)), "gender": torch.randint(0, 2, (n,)),
            "item_id": torch.randint(1, 4, (n,)), "cate_id": torch.randint(1, 3, (n,)),
            "pay_score": torch.rand(n), "hist_item_id": torch.randint(1, 4, (n, 4)) * mask,
            "hist_cate_id": torch.randint(1, 3, (n, 4)) * mask, "seq_length": seq_length}
    return cols, data


@entry("deepctr-torch", "DIN (behaviour sequences hist_item_id / hist_cate_id, Dice attention) training step (run_din example)")
def deepctr_din_step():
    from deepctr_torch.models import DIN
    cols, data = _din_columns_and_data()
    model = DIN(cols, ["item_id", "cate_id"], dnn_hidden_units=(16, 8), att_hidden_size=(16, 8),
                att_weight_normalization=True)
    return _ctr_train_step(model), (_ctr_input(model, data), torch.randint(0, 2, (8,)).float())


@entry("deepctr-torch", "DIEN (gru_type 'AUGRU', no negative sampling) eval forward (run_dien example)")
def deepctr_dien_forward():
    from deepctr_torch.models import DIEN
    cols, data = _din_columns_and_data()
    model = DIEN(cols, ["item_id", "cate_id"], dnn_hidden_units=[4, 4, 4], dnn_dropout=0.6, gru_type="AUGRU",
                 use_negsampling=False)
    model.eval()

    def f(x):
        with torch.no_grad():
            return model(x)
    return f, (_ctr_input(model, data),)


@entry("deepctr-torch", "MMOE multi-task model (two 'binary' tasks) training step with one loss per task, as in fit")
def deepctr_mmoe_step():
    import torch.nn.functional as F
    from deepctr_torch.models import MMOE
    cols = _ctr_columns()
    model = MMOE(cols, num_experts=3, expert_dnn_hidden_units=(16, 8), gate_dnn_hidden_units=(8,),
                 tower_dnn_hidden_units=(8,), task_types=["binary", "binary"], task_names=["ctr", "ctcvr"])
    opt = torch.optim.Adagrad(model.parameters(), lr=0.01)

    def f(x, y):
        y_pred = model(x)
        opt.zero_grad()
        loss = sum(F.binary_cross_entropy(y_pred[:, i], y[:, i], reduction="sum") for i in range(2))
        total = loss + model.get_regularization_loss() + model.aux_loss
        total.backward()
        opt.step()
        return total.detach()
    return f, (_ctr_input(model, _ctr_data()), torch.randint(0, 2, (16, 2)).float())


# ==== held-out set 7, fourth batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "skorch": {"dirs": ["skorch"], "split": "dev"},
})


# ===================================================================== skorch ==
# held-out set 7. skorch (scikit-learn compatible wrapper for PyTorch), as in its README / docs: a
# NeuralNetClassifier around a small module, initialize(), then the per-batch training and validation
# steps that fit runs, inference, and partial_fit for one epoch; gradient clipping callback.
class _SkorchModule(torch.nn.Module):
    def __init__(self, num_units=10, nonlin=torch.nn.ReLU()):
        super().__init__()
        self.dense0 = torch.nn.Linear(20, num_units)
        self.nonlin = nonlin
        self.dropout = torch.nn.Dropout(0.5)
        self.dense1 = torch.nn.Linear(num_units, 10)
        self.output = torch.nn.Linear(10, 2)

    def forward(self, X, **kwargs):
        X = self.nonlin(self.dense0(X))
        X = self.dropout(X)
        X = self.nonlin(self.dense1(X))
        return torch.softmax(self.output(X), dim=-1)


def _skorch_data(n=32):
    return torch.randn(n, 20), torch.randint(0, 2, (n,))


@entry("skorch", "NeuralNetClassifier (README module, lr 0.1) initialize(), then train_step on one batch (what fit runs per batch)")
def skorch_train_step():
    from skorch import NeuralNetClassifier
    net = NeuralNetClassifier(_SkorchModule, max_epochs=1, lr=0.1, iterator_train__shuffle=True).initialize()

    def f(X, y):
        step = net.train_step((X, y))
        return step["loss"], step["y_pred"]
    return f, _skorch_data()


@entry("skorch", "NeuralNetClassifier validation_step + evaluation_step + infer, with a GradientNormClipping callback")
def skorch_validation_infer():
    from skorch import NeuralNetClassifier
    from skorch.callbacks import GradientNormClipping
    net = NeuralNetClassifier(_SkorchModule, module__num_units=16, optimizer=torch.optim.Adam, lr=1e-3,
                              callbacks=[GradientNormClipping(gradient_clip_value=1.0)]).initialize()

    def f(X, y):
        train = net.train_step((X, y))
        val = net.validation_step((X, y))
        with torch.no_grad():
            y_eval = net.evaluation_step((X, y))
        return train["loss"], val["loss"], y_eval, net.infer(X)
    return f, _skorch_data()


@entry("skorch", "NeuralNetRegressor partial_fit for one epoch on 32 samples (train/valid split, PrintLog, EpochScoring)", calls=1)
def skorch_regressor_partial_fit():
    from skorch import NeuralNetRegressor
    module = torch.nn.Sequential(torch.nn.Linear(20, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
    net = NeuralNetRegressor(module, max_epochs=1, lr=0.05, batch_size=8, verbose=1)

    def f(X, y):
        net.partial_fit(X, y)
        return net.history[-1, "train_loss"]
    X, _ = _skorch_data()
    return f, (X, torch.randn(32, 1))


@entry("skorch", "NeuralNetBinaryClassifier (BCEWithLogits) train_step, then predict_proba on a tensor")
def skorch_binary_classifier():
    from skorch import NeuralNetBinaryClassifier
    module = torch.nn.Sequential(torch.nn.Linear(20, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1), torch.nn.Flatten(0))
    net = NeuralNetBinaryClassifier(module, lr=0.1, optimizer=torch.optim.SGD,
                                    optimizer__momentum=0.9).initialize()

    def f(X, y):
        step = net.train_step((X, y))
        return step["loss"], net.predict_proba(X)
    X, y = _skorch_data()
    return f, (X, y.float())


# ==== held-out set 7, fifth batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "madgrad": {"dirs": ["madgrad"], "split": "dev"},
})


# ==================================================================== madgrad ==
# held-out set 7. MADGRAD and MirrorMADGRAD (facebookresearch/madgrad), as in its README: drop-in
# optimizers (lr 1e-2, momentum 0.9, optional decoupled weight decay).
@entry("madgrad", "MADGRAD(lr=1e-2, momentum=0.9, weight_decay=1e-4, decouple_decay=True) training step of a small CNN")
def madgrad_step():
    from madgrad import MADGRAD
    model = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3), torch.nn.ReLU(), torch.nn.Flatten(),
                                torch.nn.Linear(4 * 6 * 6, 3))
    opt = MADGRAD(model.parameters(), lr=1e-2, momentum=0.9, weight_decay=1e-4, decouple_decay=True)

    def f(x, y):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(4, 1, 8, 8), torch.randint(0, 3, (4,)))


@entry("madgrad", "MirrorMADGRAD(lr=1e-3) and MADGRAD(momentum=0) steps with a closure on an MLP regression")
def madgrad_mirror_closure():
    from madgrad import MADGRAD, MirrorMADGRAD
    a = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1))
    b = torch.nn.Linear(8, 1)
    opt_a = MirrorMADGRAD(a.parameters(), lr=1e-3)
    opt_b = MADGRAD(b.parameters(), lr=1e-2, momentum=0.0)

    def f(x, y):
        def closure_a():
            opt_a.zero_grad()
            loss = torch.nn.functional.mse_loss(a(x), y)
            loss.backward()
            return loss

        def closure_b():
            opt_b.zero_grad()
            loss = torch.nn.functional.mse_loss(b(x), y)
            loss.backward()
            return loss
        return opt_a.step(closure_a).detach(), opt_b.step(closure_b).detach()
    return f, (torch.randn(10, 8), torch.randn(10, 1))


# ==== held-out set 7, sixth batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "lambda-networks": {"dirs": ["lambda_networks"], "split": "dev"},
    "g-mlp-pytorch": {"dirs": ["g_mlp_pytorch"], "split": "dev"},
})


# ============================================================ lambda-networks ==
# held-out set 7. LambdaNetworks (lucidrains/lambda-networks), as in its README: LambdaLayer with a
# local positional context (r) or global relative positions (n), used inside a small conv net.
@entry("lambda-networks", "LambdaLayer with local contexts (r 7, heads 4, dim_u 1) in a conv classifier, training step")
def lambda_local_step():
    from lambda_networks import LambdaLayer
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 16, 3, padding=1),
                                LambdaLayer(dim=16, dim_out=16, r=7, dim_k=8, heads=4, dim_u=1),
                                torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(16, 5))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)

    def f(x, y):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(2, 3, 12, 12), torch.randint(0, 5, (2,)))


@entry("lambda-networks", "LambdaLayer with global relative position embeddings (n 8 = h = w, dim_u 2), eval forward")
def lambda_global_forward():
    from lambda_networks import LambdaLayer
    layer = LambdaLayer(dim=16, dim_out=32, n=8, dim_k=8, heads=4, dim_u=2).eval()

    def f(x):
        with torch.no_grad():
            return layer(x)
    return f, (torch.randn(2, 16, 8, 8),)


# ============================================================== g-mlp-pytorch ==
# held-out set 7. gMLP / aMLP ("Pay Attention to MLPs", lucidrains/g-mlp-pytorch), as in its README:
# language-model gMLP (circulant matrix, tiny attention), gMLPVision, and the autoregressive wrapper.
@entry("g-mlp-pytorch", "gMLP language model (circulant_matrix, act Tanh, README) + aMLP (attn_dim 16, causal) forwards")
def gmlp_language_models():
    from g_mlp_pytorch import gMLP
    m1 = gMLP(num_tokens=100, dim=32, depth=2, seq_len=16, circulant_matrix=True, act=torch.nn.Tanh())
    m2 = gMLP(num_tokens=100, dim=32, depth=2, seq_len=16, heads=2, attn_dim=16, causal=True)

    def f(tokens):
        return m1(tokens), m2(tokens)
    return f, (torch.randint(0, 100, (2, 16)),)


@entry("g-mlp-pytorch", "gMLPVision (image 32, patch 8, prob_survival 0.9) classifier training step")
def gmlp_vision_step():
    from g_mlp_pytorch import gMLPVision
    model = gMLPVision(image_size=32, patch_size=8, num_classes=5, dim=32, depth=2, prob_survival=0.9)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def f(img, y):
        loss = torch.nn.functional.cross_entropy(model(img), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(2, 3, 32, 32), torch.randint(0, 5, (2,)))


@entry("g-mlp-pytorch", "AutoregressiveWrapper(causal gMLP) loss backward, then generate 4 tokens (top-k sampling)")
def gmlp_autoregressive():
    from g_mlp_pytorch import gMLP
    from g_mlp_pytorch.autoregressive_wrapper import AutoregressiveWrapper
    model = AutoregressiveWrapper(gMLP(num_tokens=50, dim=32, depth=2, seq_len=12, causal=True))

    def f(seq):
        loss = model(seq)
        loss.backward()
        out = model.generate(seq[:, :12], 4)
        return loss.detach(), out
    return f, (torch.randint(0, 50, (2, 13)),)


# ==== held-out set 7, seventh batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "torcheval": {"dirs": ["torcheval"], "split": "dev"},
})


# ================================================================== torcheval ==
# held-out set 7. TorchEval (pytorch/torcheval) metrics, as in its docs: class metrics (update over
# batches, compute) and the functional forms; classification, ranking, regression, text, aggregation.
@entry("torcheval", "MulticlassAccuracy (micro and macro), MulticlassF1Score, MulticlassPrecision/Recall, MulticlassConfusionMatrix: update x2, compute")
def torcheval_multiclass():
    from torcheval.metrics import (MulticlassAccuracy, MulticlassConfusionMatrix, MulticlassF1Score,
                                   MulticlassPrecision, MulticlassRecall)
    metrics = [MulticlassAccuracy(), MulticlassAccuracy(average="macro", num_classes=4),
               MulticlassF1Score(num_classes=4, average="macro"), MulticlassPrecision(num_classes=4, average=None),
               MulticlassRecall(num_classes=4, average="weighted"), MulticlassConfusionMatrix(4)]

    def f(logits, target):
        for m in metrics:
            m.reset()
            m.update(logits, target)
            m.update(logits.flip(0), target)
        return [m.compute() for m in metrics]
    return f, (torch.randn(16, 4), torch.randint(0, 4, (16,)))


@entry("torcheval", "BinaryAUROC, BinaryAUPRC, BinaryBinnedAUROC (threshold 10), BinaryNormalizedEntropy, BinaryRecallAtFixedPrecision")
def torcheval_binary_curves():
    from torcheval.metrics import (BinaryAUPRC, BinaryAUROC, BinaryBinnedAUROC, BinaryNormalizedEntropy,
                                   BinaryRecallAtFixedPrecision)
    metrics = [BinaryAUROC(), BinaryAUPRC(), BinaryBinnedAUROC(threshold=10), BinaryNormalizedEntropy(),
               BinaryRecallAtFixedPrecision(min_precision=0.5)]

    def f(scores, target):
        for m in metrics:
            m.reset()
            m.update(scores, target)
        return [m.compute() for m in metrics]
    return f, (torch.rand(32), torch.randint(0, 2, (32,)).float())


@entry("torcheval", "functional multiclass_auroc, multilabel_accuracy (hamming), topk_multilabel_accuracy, binary_f1_score, multiclass_precision_recall_curve")
def torcheval_functional_classification():
    from torcheval.metrics.functional import (binary_f1_score, multiclass_auroc, multiclass_precision_recall_curve,
                                              multilabel_accuracy, topk_multilabel_accuracy)

    def f(logits, target, ml_scores, ml_target):
        return (multiclass_auroc(logits, target, num_classes=3),
                multilabel_accuracy(ml_scores, ml_target, criteria="hamming"),
                topk_multilabel_accuracy(ml_scores, ml_target, criteria="overlap", k=2),
                binary_f1_score(ml_scores[:, 0], ml_target[:, 0]),
                multiclass_precision_recall_curve(logits, target, num_classes=3))
    return f, (torch.randn(12, 3), torch.randint(0, 3, (12,)), torch.rand(12, 4), torch.randint(0, 2, (12, 4)))


@entry("torcheval", "ranking: HitRate(k 3), ReciprocalRank, RetrievalPrecision(k 2), ClickThroughRate, WeightedCalibration")
def torcheval_ranking_ctr():
    from torcheval.metrics import ClickThroughRate, HitRate, ReciprocalRank, RetrievalPrecision, WeightedCalibration
    hit, rr, rp = HitRate(k=3), ReciprocalRank(), RetrievalPrecision(k=2)
    ctr, cal = ClickThroughRate(), WeightedCalibration()

    def f(scores, target, clicks, weights):
        for m in (hit, rr, rp, ctr, cal):
            m.reset()
        hit.update(scores, target)
        rr.update(scores, target)
        rp.update(scores[0], (scores[0] > 0).long())
        ctr.update(clicks, weights)
        cal.update(torch.sigmoid(scores[:, 0]), clicks.float(), weights)
        return hit.compute(), rr.compute(), rp.compute(), ctr.compute(), cal.compute()
    return f, (torch.randn(6, 5), torch.randint(0, 5, (6,)), torch.randint(0, 2, (6,)), torch.rand(6))


@entry("torcheval", "regression and aggregation: MeanSquaredError (multioutput), R2Score, Mean (weighted), Sum, Max, Min, Cat, PeakSignalNoiseRatio")
def torcheval_regression_aggregation():
    from torcheval.metrics import Cat, Max, Mean, MeanSquaredError, Min, PeakSignalNoiseRatio, R2Score, Sum
    mse, r2 = MeanSquaredError(multioutput="raw_values"), R2Score()
    mean, s, mx, mn, cat = Mean(), Sum(), Max(), Min(), Cat()
    psnr = PeakSignalNoiseRatio(data_range=1.0)

    def f(pred, target, img, img2):
        for m in (mse, r2, mean, s, mx, mn, cat, psnr):
            m.reset()
        mse.update(pred, target)
        r2.update(pred[:, 0], target[:, 0])
        mean.update(pred[:, 0], weight=target[:, 1].abs())
        s.update(pred)
        mx.update(pred)
        mn.update(pred)
        cat.update(pred)
        cat.update(target)
        psnr.update(img, img2)
        return [m.compute() for m in (mse, r2, mean, s, mx, mn, cat, psnr)]
    return f, (torch.randn(10, 2), torch.randn(10, 2), torch.rand(2, 3, 8, 8), torch.rand(2, 3, 8, 8))


@entry("torcheval", "text: Perplexity over logits with ignore_index, and functional perplexity")
def torcheval_perplexity():
    from torcheval.metrics import Perplexity
    from torcheval.metrics.functional import perplexity
    metric = Perplexity(ignore_index=0)

    def f(logits, target):
        metric.reset()
        metric.update(logits, target)
        return metric.compute(), perplexity(logits, target)
    return f, (torch.randn(2, 8, 20), torch.randint(0, 20, (2, 8)))


# ==== held-out set 7, eighth batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "nystrom-attention": {"dirs": ["nystrom_attention"], "split": "dev"},
    "invariant-point-attention": {"dirs": ["invariant_point_attention"], "split": "dev"},
    "axial-attention": {"dirs": ["axial_attention"], "split": "dev"},
    "timesformer-pytorch": {"dirs": ["timesformer_pytorch"], "split": "dev"},
    "minGRU-pytorch": {"dirs": ["minGRU_pytorch"], "split": "dev"},
    "s5-pytorch": {"dirs": ["s5"], "split": "dev"},
    "iTransformer": {"dirs": ["iTransformer"], "split": "dev"},
})


# ========================================================== nystrom-attention ==
# held-out set 7. Nystromformer attention (lucidrains/nystrom-attention), as in its README:
# NystromAttention with a mask (sequence padded to the landmarks), and the Nystromformer stack.
@entry("nystrom-attention", "NystromAttention (landmarks 8, residual conv) with a padding mask and return_attn, sequence 50")
def nystrom_attention_masked():
    from nystrom_attention import NystromAttention
    attn = NystromAttention(dim=32, dim_head=16, heads=2, num_landmarks=8, pinv_iterations=6, residual=True)

    def f(x, mask):
        out = attn(x, mask=mask)
        out2, attn_matrix = attn(x, mask=mask, return_attn=True)
        return out, out2, attn_matrix
    mask = torch.ones(2, 50, dtype=torch.bool)
    mask[1, 40:] = False
    return f, (torch.randn(2, 50, 32), mask)


@entry("nystrom-attention", "Nystromformer (depth 2) encoder + mean-pool classifier training step with a mask")
def nystromformer_step():
    from nystrom_attention import Nystromformer
    encoder = Nystromformer(dim=32, dim_head=16, heads=2, depth=2, num_landmarks=8, pinv_iterations=4)
    head = torch.nn.Linear(32, 3)
    params = list(encoder.parameters()) + list(head.parameters())
    opt = torch.optim.Adam(params, lr=1e-3)

    def f(x, mask, y):
        h = encoder(x, mask=mask)
        logits = head((h * mask[..., None]).sum(1) / mask.sum(1, keepdim=True))
        loss = torch.nn.functional.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    mask = torch.ones(2, 32, dtype=torch.bool)
    mask[0, 20:] = False
    return f, (torch.randn(2, 32, 32), mask, torch.tensor([0, 2]))


# ================================================== invariant-point-attention ==
# held-out set 7. AlphaFold2's invariant point attention (lucidrains/invariant-point-attention), as in
# its README: InvariantPointAttention with pairwise representation, rotations and translations; IPABlock.
@entry("invariant-point-attention", "InvariantPointAttention (README: pairwise repr, identity rotations, zero translations, mask) forward + backward")
def ipa_attention():
    from einops import repeat
    from invariant_point_attention import InvariantPointAttention
    attn = InvariantPointAttention(dim=32, heads=4, scalar_key_dim=8, scalar_value_dim=8, point_key_dim=4,
                                   point_value_dim=4)

    def f(single_repr, pairwise_repr, mask):
        b, n = single_repr.shape[:2]
        rotations = repeat(torch.eye(3), '... -> b n ...', b=b, n=n)
        translations = torch.zeros(b, n, 3)
        out = attn(single_repr, pairwise_repr, rotations=rotations, translations=translations, mask=mask)
        out.sum().backward()
        return out.detach()
    return f, (torch.randn(1, 12, 32), torch.randn(1, 12, 12, 32), torch.ones(1, 12, dtype=torch.bool))


@entry("invariant-point-attention", "two IPABlocks (post-norm, 3-layer transition) with random rotations + a pairwise-free IPABlock (require_pairwise_repr False, pre-norm)")
def ipa_blocks():
    from invariant_point_attention import IPABlock
    blocks = torch.nn.ModuleList([IPABlock(dim=32, heads=4, scalar_key_dim=8, scalar_value_dim=8,
                                           point_key_dim=4, point_value_dim=4) for _ in range(2)])
    no_pair = IPABlock(dim=32, heads=4, post_norm=False, require_pairwise_repr=False)

    def f(x, pairwise_repr, quat, translations, mask):
        q = torch.nn.functional.normalize(quat, dim=-1)
        w, x_, y, z = q.unbind(-1)
        rotations = torch.stack([
            1 - 2 * (y * y + z * z), 2 * (x_ * y - z * w), 2 * (x_ * z + y * w),
            2 * (x_ * y + z * w), 1 - 2 * (x_ * x_ + z * z), 2 * (y * z - x_ * w),
            2 * (x_ * z - y * w), 2 * (y * z + x_ * w), 1 - 2 * (x_ * x_ + y * y)], -1).unflatten(-1, (3, 3))
        for block in blocks:
            x = block(x, pairwise_repr=pairwise_repr, rotations=rotations, translations=translations, mask=mask)
        return no_pair(x, rotations=rotations, translations=translations, mask=mask)
    mask = torch.ones(2, 10, dtype=torch.bool)
    mask[1, 7:] = False
    return f, (torch.randn(2, 10, 32), torch.randn(2, 10, 10, 32), torch.randn(2, 10, 4), torch.randn(2, 10, 3), mask)


# ============================================================ axial-attention ==
# held-out set 7. Axial attention (lucidrains/axial-attention), as in its README: AxialAttention over
# the spatial axes of an image tensor, AxialPositionalEmbedding, and the reversible AxialImageTransformer.
@entry("axial-attention", "AxialPositionalEmbedding + AxialAttention (dim_index 1, 2 axes, summed) on an image tensor, and a channels-last 3-axis AxialAttention")
def axial_attention_image():
    from axial_attention import AxialAttention, AxialPositionalEmbedding
    pos = AxialPositionalEmbedding(dim=16, shape=(8, 8))
    attn = AxialAttention(dim=16, dim_index=1, dim_heads=8, heads=2, num_dimensions=2, sum_axial_out=True)
    attn3 = AxialAttention(dim=16, dim_index=-1, heads=4, num_dimensions=3, sum_axial_out=False)

    def f(img, vol):
        return attn(pos(img)), attn3(vol)
    return f, (torch.randn(2, 16, 8, 8), torch.randn(1, 4, 4, 4, 16))


@entry("axial-attention", "AxialImageTransformer (depth 2, reversible and not, axial positional embedding) training step")
def axial_image_transformer_step():
    from axial_attention import AxialImageTransformer
    rev = AxialImageTransformer(dim=16, depth=2, heads=2, reversible=True, axial_pos_emb_shape=(8, 8))
    plain = AxialImageTransformer(dim=16, depth=2, heads=2, reversible=False)
    params = list(rev.parameters()) + list(plain.parameters())
    opt = torch.optim.SGD(params, lr=1e-2)

    def f(img, target):
        loss = torch.nn.functional.mse_loss(plain(rev(img)), target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(2, 16, 8, 8), torch.randn(2, 16, 8, 8))


# ======================================================== timesformer-pytorch ==
# held-out set 7. TimeSformer video transformer (lucidrains/TimeSformer-pytorch), as in its README:
# divided space-time attention over a (batch, frames, channels, height, width) video with a frame mask.
@entry("timesformer-pytorch", "TimeSformer (README config scaled down: rotary embeddings, 4 frames, 32 px, patch 8) eval forward with a frame mask")
def timesformer_forward():
    from timesformer_pytorch import TimeSformer
    model = TimeSformer(dim=32, image_size=32, patch_size=8, num_frames=4, num_classes=5, depth=2, heads=2,
                        dim_head=16, attn_dropout=0.1, ff_dropout=0.1).eval()

    def f(video, mask):
        with torch.no_grad():
            return model(video, mask=mask)
    mask = torch.ones(2, 4, dtype=torch.bool)
    mask[1, 3:] = False
    return f, (torch.randn(2, 4, 3, 32, 32), mask)


@entry("timesformer-pytorch", "TimeSformer (learned positions, shift_tokens) classifier training step")
def timesformer_step():
    from timesformer_pytorch import TimeSformer
    model = TimeSformer(dim=32, image_size=16, patch_size=8, num_frames=3, num_classes=4, depth=2, heads=2,
                        dim_head=16, rotary_emb=False, shift_tokens=True)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def f(video, y):
        loss = torch.nn.functional.cross_entropy(model(video), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(2, 3, 3, 16, 16), torch.tensor([1, 3]))


# ============================================================= minGRU-pytorch ==
# held-out set 7. minGRU / minLSTM ("Were RNNs All We Needed?", lucidrains/minGRU-pytorch), as in its
# README and train.py: parallel (log-space scan) and sequential modes, the minLM language model.
@entry("minGRU-pytorch", "minGRU (expansion 1.5) parallel forward and the README's sequential loop with prev_hidden; minLSTM parallel")
def mingru_parallel_sequential():
    from minGRU_pytorch import minGRU
    from minGRU_pytorch.minLSTM import minLSTM
    min_gru = minGRU(dim=16, expansion_factor=1.5)
    min_lstm = minLSTM(dim=16)

    def f(x):
        parallel_out = min_gru(x)[:, -1:]
        prev_hidden = None
        for token in x.unbind(dim=1):
            sequential_out, prev_hidden = min_gru(token[:, None, :], prev_hidden, return_next_prev_hidden=True)
        return parallel_out, sequential_out, min_lstm(x)
    return f, (torch.randn(2, 6, 16),)


@entry("minGRU-pytorch", "minLM (train.py: return_loss) training step, minGRU and minLSTM with causal conv variants")
def minlm_train_step():
    from minGRU_pytorch.minLM import minLM
    gru_lm = minLM(num_tokens=64, dim=32, depth=2)
    lstm_lm = minLM(num_tokens=64, dim=32, depth=2, use_lstm=True, enable_conv=True, dropout=0.1)
    params = list(gru_lm.parameters()) + list(lstm_lm.parameters())
    opt = torch.optim.Adam(params, lr=1e-3)

    def f(seq):
        loss = gru_lm(seq, return_loss=True) + lstm_lm(seq, return_loss=True)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randint(0, 64, (2, 17)),)


@entry("minGRU-pytorch", "minLM cached recurrent decoding (train.py sample: prev_hiddens, 4 greedy tokens)")
def minlm_cached_decoding():
    from minGRU_pytorch.minLM import minLM
    model = minLM(num_tokens=64, dim=32, depth=2).eval()

    def f(prompt):
        out = prompt
        prev_hiddens = None
        with torch.no_grad():
            for _ in range(4):
                logits, prev_hiddens = model(out, return_prev_hiddens=True, prev_hiddens=prev_hiddens)
                token = logits[:, -1].argmax(-1, keepdim=True)
                out = torch.cat((out, token), dim=-1)
        return out
    return f, (torch.randint(0, 64, (2, 5)),)


# ================================================================= s5-pytorch ==
# held-out set 7. S5 simplified state-space layers (i404788/s5-pytorch), as in its README: S5 on a
# (batch, seq, dim) signal and the S5Block (S5 + GEGLU feed-forward).
@entry("s5-pytorch", "S5(32, 32) forward (README) + S5Block(bidir False) forward")
def s5_forward():
    from s5 import S5, S5Block
    model = S5(32, 32)
    block = S5Block(dim=32, state_dim=32, bidir=False)

    def f(x):
        return model(x), block(x)
    return f, (torch.rand(2, 64, 32),)


@entry("s5-pytorch", "two S5Blocks (bidirectional, block_count 2) + linear head, sequence regression training step")
def s5_block_step():
    from s5 import S5Block
    model = torch.nn.Sequential(S5Block(dim=16, state_dim=16, bidir=True, block_count=2),
                                S5Block(dim=16, state_dim=16, bidir=True, block_count=2), torch.nn.Linear(16, 1))
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def f(x, y):
        loss = torch.nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(2, 32, 16), torch.randn(2, 32, 1))


# =============================================================== iTransformer ==
# held-out set 7. iTransformer multivariate time-series forecasting (lucidrains/iTransformer), as in its
# README: iTransformer (variates as tokens, reversible instance norm, several prediction lengths),
# iTransformer2D and iTransformerFFT.
@entry("iTransformer", "iTransformer (README config scaled down: RevIN, pred_length (4, 8)) eval forward -> dict of forecasts")
def itransformer_forecast():
    from iTransformer import iTransformer
    model = iTransformer(num_variates=7, lookback_len=24, dim=32, depth=2, heads=2, dim_head=16, pred_length=(4, 8),
                         num_tokens_per_variate=1, use_reversible_instance_norm=True).eval()

    def f(series):
        with torch.no_grad():
            preds = model(series)
        return preds[4], preds[8]
    return f, (torch.randn(2, 24, 7),)


@entry("iTransformer", "iTransformer (2 tokens per variate) with targets -> MSE loss, training step")
def itransformer_train_step():
    from iTransformer import iTransformer
    model = iTransformer(num_variates=5, lookback_len=16, dim=32, depth=2, heads=2, dim_head=16, pred_length=6,
                         num_tokens_per_variate=2)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def f(series, target):
        loss = model(series, targets=target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(2, 16, 5), torch.randn(2, 6, 5))


@entry("iTransformer", "iTransformer2D (4 time tokens, RevIN) and iTransformerFFT forwards")
def itransformer_2d_fft():
    from iTransformer import iTransformer2D, iTransformerFFT
    m2d = iTransformer2D(num_variates=5, lookback_len=16, num_time_tokens=4, dim=32, depth=2, heads=2, dim_head=16,
                         pred_length=(4, 8), use_reversible_instance_norm=True)
    mfft = iTransformerFFT(num_variates=5, lookback_len=16, dim=32, depth=2, heads=2, dim_head=16, pred_length=4)

    def f(series):
        return m2d(series), mfft(series)
    return f, (torch.randn(2, 16, 5),)


# ==== held-out set 7, ninth batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "FrEIA": {"dirs": ["FrEIA"], "split": "dev"},
    "torchdeq": {"dirs": ["torchdeq"], "split": "dev"},
    "e2cnn": {"dirs": ["e2cnn"], "split": "dev"},
    # pfrl 0.4.0 was registered here and dropped after its first collect (compile-error, see README.md)
})


# ====================================================================== FrEIA ==
# held-out set 7. FrEIA invertible neural networks (vislearn/FrEIA), as in its README and docs:
# SequenceINN of AllInOneBlocks trained by maximum likelihood, a conditional GraphINN, an image INN.
def _freia_subnet_fc(c_in, c_out):
    return torch.nn.Sequential(torch.nn.Linear(c_in, 32), torch.nn.ReLU(), torch.nn.Linear(32, c_out))


def _freia_subnet_conv(c_in, c_out):
    return torch.nn.Sequential(torch.nn.Conv2d(c_in, 16, 3, padding=1), torch.nn.ReLU(),
                               torch.nn.Conv2d(16, c_out, 3, padding=1))


@entry("FrEIA", "SequenceINN of 4 AllInOneBlocks (README: permute_soft) max-likelihood training step, then inverse sampling (rev=True)")
def freia_sequence_inn_step():
    import FrEIA.framework as Ff
    import FrEIA.modules as Fm
    inn = Ff.SequenceINN(4)
    for _ in range(4):
        inn.append(Fm.AllInOneBlock, subnet_constructor=_freia_subnet_fc, permute_soft=True)
    opt = torch.optim.Adam(inn.parameters(), lr=1e-3)

    def f(x, z_sample):
        z, log_jac_det = inn(x)
        loss = (0.5 * torch.sum(z ** 2, 1) - log_jac_det).mean() / 4
        opt.zero_grad()
        loss.backward()
        opt.step()
        x_rev, _ = inn(z_sample, rev=True)
        return loss.detach(), x_rev.detach()
    return f, (torch.randn(16, 4), torch.randn(8, 4))


@entry("FrEIA", "conditional GraphINN (InputNode, ConditionNode, GLOWCouplingBlock + PermuteRandom x3, OutputNode): NLL training step + conditional sampling")
def freia_conditional_graph_inn():
    import FrEIA.framework as Ff
    import FrEIA.modules as Fm
    in_node = Ff.InputNode(6, name="input")
    cond = Ff.ConditionNode(3, name="condition")
    nodes = [in_node]
    for k in range(3):
        nodes.append(Ff.Node(nodes[-1], Fm.GLOWCouplingBlock, {"subnet_constructor": _freia_subnet_fc, "clamp": 2.0},
                             conditions=cond, name=f"coupling_{k}"))
        nodes.append(Ff.Node(nodes[-1], Fm.PermuteRandom, {"seed": k}, name=f"permute_{k}"))
    nodes.append(Ff.OutputNode(nodes[-1], name="output"))
    cinn = Ff.GraphINN(nodes + [cond])
    opt = torch.optim.Adam(cinn.parameters(), lr=1e-3)

    def f(x, c, z):
        out, log_jac_det = cinn(x, c=[c])
        loss = (0.5 * torch.sum(out ** 2, 1) - log_jac_det).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        sample, _ = cinn(z, c=[c], rev=True)
        return loss.detach(), sample.detach()
    return f, (torch.randn(8, 6), torch.randn(8, 3), torch.randn(8, 6))


@entry("FrEIA", "image INN: ActNorm, IRevNetDownsampling, conv GLOWCouplingBlock, HaarDownsampling, Flatten, fc AllInOneBlock; forward, log-det, inverse")
def freia_image_inn():
    import FrEIA.framework as Ff
    import FrEIA.modules as Fm
    nodes = [Ff.InputNode(2, 8, 8, name="input")]
    nodes.append(Ff.Node(nodes[-1], Fm.ActNorm, {}))
    nodes.append(Ff.Node(nodes[-1], Fm.IRevNetDownsampling, {}))
    nodes.append(Ff.Node(nodes[-1], Fm.GLOWCouplingBlock, {"subnet_constructor": _freia_subnet_conv, "clamp": 1.5}))
    nodes.append(Ff.Node(nodes[-1], Fm.HaarDownsampling, {"rebalance": 0.5}))
    nodes.append(Ff.Node(nodes[-1], Fm.Flatten, {}))
    nodes.append(Ff.Node(nodes[-1], Fm.AllInOneBlock, {"subnet_constructor": _freia_subnet_fc, "affine_clamping": 2.0}))
    nodes.append(Ff.OutputNode(nodes[-1], name="output"))
    inn = Ff.GraphINN(nodes)

    def f(img):
        z, log_jac_det = inn(img)
        x_rev, _ = inn(z, rev=True)
        return z, log_jac_det, x_rev
    return f, (torch.randn(4, 2, 8, 8),)


# =================================================================== torchdeq ==
# held-out set 7. TorchDEQ deep equilibrium models (locuslab/torchdeq), as in its README and docs:
# get_deq + apply_norm / reset_norm, fixed-point correction, implicit differentiation with jac_reg,
# and the fixed-point solvers on their own.
class _DEQLayer(torch.nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.inj = torch.nn.Linear(d, d)
        self.lin = torch.nn.Linear(d, d)
        self.norm = torch.nn.GroupNorm(4, d)

    def forward(self, z, x):
        return self.norm(torch.tanh(self.lin(z) + self.inj(x)))


@entry("torchdeq", "README DEQ model (weight-normed layer, get_deq anderson, phantom gradient, sliced core): fp_correction loss training step")
def torchdeq_train_step():
    from torchdeq import apply_norm, get_deq, reset_norm
    from torchdeq.loss import fp_correction
    layer = _DEQLayer()
    apply_norm(layer, norm_type="weight_norm")
    deq = get_deq(f_solver="anderson", f_max_iter=12, n_states=2, grad=2, tau=0.9)
    head = torch.nn.Linear(16, 3)
    opt = torch.optim.Adam(list(layer.parameters()) + list(head.parameters()), lr=1e-3)

    def f(x, y):
        reset_norm(layer)
        z0 = torch.zeros_like(x)
        z_out, info = deq(lambda z: layer(z, x), z0)
        loss = fp_correction(torch.nn.CrossEntropyLoss(), ([head(z) for z in z_out], y))
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach(), info["abs_lowest"].mean()
    return f, (torch.randn(4, 16), torch.tensor([0, 1, 2, 1]))


@entry("torchdeq", "implicit differentiation (core indexing, ift, broyden forward and backward solvers) + jac_reg Jacobian regulariser, training step")
def torchdeq_ift_jac_reg():
    from torchdeq import get_deq
    from torchdeq.loss import jac_reg
    layer = _DEQLayer()
    deq = get_deq(core="indexing", ift=True, f_solver="broyden", b_solver="broyden", f_max_iter=10, b_max_iter=10)
    opt = torch.optim.SGD(layer.parameters(), lr=1e-2)

    def f(x, target):
        z_out, info = deq(lambda z: layer(z, x), torch.zeros_like(x))
        z_star = z_out[-1]
        z_req = z_star.detach().requires_grad_()
        f_z = layer(z_req, x)
        loss = torch.nn.functional.mse_loss(z_star, target) + 0.1 * jac_reg(f_z, z_req)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(4, 16), torch.randn(4, 16))


@entry("torchdeq", "solvers: anderson_solver, broyden_solver, fixed_point_iter on a contractive map; DEQ eval forward (eval_factor) with VariationalDropout1d + reset_deq")
def torchdeq_solvers_eval():
    from torchdeq import get_deq, reset_deq
    from torchdeq.dropout import VariationalDropout1d
    from torchdeq.solver import anderson_solver, broyden_solver, fixed_point_iter
    w = torch.randn(8, 8) * 0.1

    class Conv1dLayer(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = torch.nn.Conv1d(4, 4, 3, padding=1)
            self.drop = VariationalDropout1d(0.1)

        def forward(self, z, x):
            return torch.tanh(self.drop(self.conv(z)) + x)
    layer = Conv1dLayer()
    deq = get_deq(f_solver="fixed_point_iter", f_max_iter=8, eval_factor=1.5)

    def f(x, y):
        func = lambda z: torch.tanh(z @ w + x)  # noqa: E731
        za, _, info_a = anderson_solver(func, torch.zeros_like(x), max_iter=20, tol=1e-4)
        zb, _, info_b = broyden_solver(func, torch.zeros_like(x), max_iter=20, tol=1e-4)
        zc, _, info_c = fixed_point_iter(func, torch.zeros_like(x), max_iter=20, tol=1e-4)
        layer.train()
        reset_deq(layer)
        layer.eval()
        with torch.no_grad():
            z_out, info = deq(lambda z: layer(z, y), torch.zeros_like(y))
        return za, zb, zc, info_a["abs_lowest"], z_out[-1]
    return f, (torch.randn(3, 8), torch.randn(2, 4, 10))


# ====================================================================== e2cnn ==
# held-out set 7. E(2)-equivariant steerable CNNs (QUVA-Lab/e2cnn), as in its README and example
# notebook: R2Conv between field types of a gspace, equivariant non-linearities, pooling, batch norm.
@entry("e2cnn", "README: Rot2dOnR2(N=8), R2Conv trivial -> 3 regular fields, ReLU, GroupPooling on a GeometricTensor")
def e2cnn_readme():
    from e2cnn import gspaces
    from e2cnn import nn as enn
    r2_act = gspaces.Rot2dOnR2(N=8)
    feat_type_in = enn.FieldType(r2_act, [r2_act.trivial_repr])
    feat_type_out = enn.FieldType(r2_act, 3 * [r2_act.regular_repr])
    conv = enn.R2Conv(feat_type_in, feat_type_out, kernel_size=5)
    relu = enn.ReLU(feat_type_out)
    pool = enn.GroupPooling(feat_type_out)

    def f(x):
        x = enn.GeometricTensor(x, feat_type_in)
        y = relu(conv(x))
        return y.tensor, pool(y).tensor
    return f, (torch.randn(2, 1, 16, 16),)


@entry("e2cnn", "C8 steerable CNN (example notebook, scaled down: R2Conv, InnerBatchNorm, ReLU, PointwiseAvgPoolAntialiased, GroupPooling, Linear) training step")
def e2cnn_c8_cnn_step():
    from e2cnn import gspaces
    from e2cnn import nn as enn
    r2_act = gspaces.Rot2dOnR2(N=8)
    in_type = enn.FieldType(r2_act, [r2_act.trivial_repr])
    t1 = enn.FieldType(r2_act, 2 * [r2_act.regular_repr])
    t2 = enn.FieldType(r2_act, 4 * [r2_act.regular_repr])
    body = enn.SequentialModule(
        enn.R2Conv(in_type, t1, kernel_size=5, padding=2, bias=False), enn.InnerBatchNorm(t1), enn.ReLU(t1, inplace=True),
        enn.PointwiseAvgPoolAntialiased(t1, sigma=0.66, stride=2),
        enn.R2Conv(t1, t2, kernel_size=3, padding=1, bias=False), enn.InnerBatchNorm(t2), enn.ReLU(t2, inplace=True),
        enn.GroupPooling(t2))
    head = torch.nn.Linear(4, 5)
    opt = torch.optim.Adam(list(body.parameters()) + list(head.parameters()), lr=1e-3)

    def f(img, y):
        feats = body(enn.GeometricTensor(img, in_type)).tensor
        loss = torch.nn.functional.cross_entropy(head(feats.mean(dim=(2, 3))), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(2, 1, 16, 16), torch.tensor([0, 4]))


@entry("e2cnn", "Rot2dOnR2(N=8) irrep fields: R2Conv, NormNonLinearity, NormPool; and a trivial->regular R2Conv (N=4) in eval mode (cached expanded filter)")
def e2cnn_irreps_eval():
    from e2cnn import gspaces
    from e2cnn import nn as enn
    gs = gspaces.Rot2dOnR2(N=8)
    in_type = enn.FieldType(gs, 3 * [gs.trivial_repr])
    irr_type = enn.FieldType(gs, 2 * [gs.irrep(1)] + [gs.irrep(2)])
    conv = enn.R2Conv(in_type, irr_type, kernel_size=3, padding=1)
    nonlin = enn.NormNonLinearity(irr_type, function="n_relu", bias=True)
    npool = enn.NormPool(irr_type)
    gs4 = gspaces.Rot2dOnR2(N=4)
    in_type4 = enn.FieldType(gs4, 3 * [gs4.trivial_repr])
    reg_type = enn.FieldType(gs4, 2 * [gs4.regular_repr])
    conv2 = enn.R2Conv(in_type4, reg_type, kernel_size=3, padding=1).eval()

    def f(x):
        return (npool(nonlin(conv(enn.GeometricTensor(x, in_type)))).tensor,
                conv2(enn.GeometricTensor(x, in_type4)).tensor)
    return f, (torch.randn(2, 3, 12, 12),)


# ==== held-out set 7, tenth batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "vbll": {"dirs": ["vbll"], "split": "dev"},
    "cached-conv": {"dirs": ["cached_conv"], "split": "dev"},
    "ETSformer-pytorch": {"dirs": ["etsformer_pytorch"], "split": "dev"},
    "adabelief-pytorch": {"dirs": ["adabelief_pytorch"], "split": "dev"},
    "poutyne": {"dirs": ["poutyne"], "split": "dev"},
})


# ======================================================================= vbll ==
# held-out set 7. Variational Bayesian last layers (VectorInstitute/vbll, Apple), as in its README and
# tutorials: a VBLL head on a feature MLP, trained with out.train_loss_fn(y); predictive, val loss, OOD.
@entry("vbll", "DiscClassification (dense, return_ood) head on an MLP: train_loss_fn step, then predictive probs, val_loss_fn and ood_scores")
def vbll_disc_classification():
    import vbll
    features = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ELU(), torch.nn.Linear(16, 16), torch.nn.ELU())
    head = vbll.DiscClassification(16, 3, regularization_weight=1.0 / 64, parameterization="dense", return_ood=True,
                                   prior_scale=1.0, wishart_scale=0.1)
    opt = torch.optim.AdamW(list(features.parameters()) + list(head.parameters()), lr=1e-3, weight_decay=1e-4)

    def f(x, y):
        out = head(features(x))
        loss = out.train_loss_fn(y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            out = head(features(x))
            return loss.detach(), out.predictive.probs, out.val_loss_fn(y), out.ood_scores
    return f, (torch.randn(8, 6), torch.randint(0, 3, (8,)))


@entry("vbll", "Regression (dense) and tRegression (diagonal) heads, training step; predictive mean / variance of the Gaussian and Student-t")
def vbll_regression():
    import vbll
    features = torch.nn.Sequential(torch.nn.Linear(1, 16), torch.nn.ELU(), torch.nn.Linear(16, 16), torch.nn.ELU())
    reg = vbll.Regression(16, 1, regularization_weight=1.0 / 32, parameterization="dense", prior_scale=1.0,
                          wishart_scale=0.1)
    treg = vbll.tRegression(16, 1, regularization_weight=1.0 / 32, parameterization="diagonal")
    params = list(features.parameters()) + list(reg.parameters()) + list(treg.parameters())
    opt = torch.optim.Adam(params, lr=1e-3)

    def f(x, y):
        h = features(x)
        loss = reg(h).train_loss_fn(y) + treg(h).train_loss_fn(y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            h = features(x)
            pred, tpred = reg(h).predictive, treg(h).predictive
            return loss.detach(), pred.mean, pred.variance, tpred.mean, reg(h).val_loss_fn(y)
    x = torch.linspace(-2, 2, 12)[:, None]
    return f, (x, torch.sin(3 * x) + 0.1 * torch.randn(12, 1))


@entry("vbll", "HetRegression (heteroscedastic noise) and GenClassification + lowrank DiscClassification heads: train losses and predictives")
def vbll_het_gen():
    import vbll
    het = vbll.HetRegression(8, 1, regularization_weight=0.1, parameterization="diagonal")
    gen = vbll.GenClassification(8, 3, regularization_weight=0.1, parameterization="diagonal", return_ood=True)
    low = vbll.DiscClassification(8, 3, regularization_weight=0.1, parameterization="lowrank", cov_rank=2)

    def f(h, y_reg, y_cls):
        out_het, out_gen, out_low = het(h), gen(h), low(h)
        loss = out_het.train_loss_fn(y_reg) + out_gen.train_loss_fn(y_cls) + out_low.train_loss_fn(y_cls)
        loss.backward()
        return loss.detach(), out_het.predictive.mean, out_gen.predictive.probs, out_gen.ood_scores, out_low.predictive.probs
    return f, (torch.randn(6, 8), torch.randn(6, 1), torch.randint(0, 3, (6,)))


# ================================================================ cached-conv ==
# held-out set 7. cached_conv (acids-ircam/cached_conv, used by RAVE), as in its README: convolutions
# with cached padding for streaming, so that chunked processing equals processing the whole signal.
@entry("cached-conv", "use_cached_conv(True): causal CachedConv1d / strided conv / CachedConvTranspose1d stack in a CachedSequential, streamed in 4 chunks")
def cached_conv_streaming():
    import cached_conv as cc
    cc.use_cached_conv(True)
    try:
        model = cc.CachedSequential(
            cc.Conv1d(1, 8, 3, padding=cc.get_padding(3, mode="causal")), torch.nn.LeakyReLU(0.2),
            cc.Conv1d(8, 8, 4, stride=2, padding=cc.get_padding(4, stride=2, mode="causal")), torch.nn.LeakyReLU(0.2),
            cc.ConvTranspose1d(8, 8, 4, stride=2, padding=1), torch.nn.LeakyReLU(0.2),
            cc.Conv1d(8, 1, 3, padding=cc.get_padding(3, mode="causal")))
    finally:
        cc.use_cached_conv(False)
    model.eval()

    def f(signal):
        with torch.no_grad():
            return cc.chunk_process(model, signal, 4)
    return f, (torch.randn(2, 1, 64),)


@entry("cached-conv", "non-cached Conv1d (centered padding) residual stack + AlignBranches/Branches, training step")
def cached_conv_branches_step():
    import cached_conv as cc
    cc.use_cached_conv(False)
    left = cc.CachedSequential(cc.Conv1d(4, 4, 3, padding=cc.get_padding(3)), torch.nn.GELU())
    right = cc.CachedSequential(cc.Conv1d(4, 4, 5, dilation=2, padding=cc.get_padding(5, dilation=2)), torch.nn.GELU())
    branches = cc.AlignBranches(left, right)
    out_conv = cc.Conv1d(8, 4, 1)
    opt = torch.optim.Adam(list(branches.parameters()) + list(out_conv.parameters()), lr=1e-3)

    def f(x, target):
        a, b = branches(x)
        y = out_conv(torch.cat([a, b], 1)) + x
        loss = torch.nn.functional.l1_loss(y, target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(2, 4, 32), torch.randn(2, 4, 32))


# ========================================================== ETSformer-pytorch ==
# held-out set 7. ETSformer exponential-smoothing transformer for time series (lucidrains/ETSformer-pytorch),
# as in its README: forecasting num_steps_forecast ahead, and the ClassificationWrapper.
@entry("ETSformer-pytorch", "ETSFormer (README config scaled down: 4 time features, K 4) forecast of 8 steps, eval")
def etsformer_forecast():
    from etsformer_pytorch import ETSFormer
    model = ETSFormer(time_features=4, model_dim=32, embed_kernel_size=3, layers=2, heads=4, K=4, dropout=0.2).eval()

    def f(series):
        with torch.no_grad():
            return model(series, num_steps_forecast=8)
    return f, (torch.randn(2, 48, 4),)


@entry("ETSformer-pytorch", "ETSFormer + ClassificationWrapper (README) training step on a 3-class series task")
def etsformer_classification_step():
    from etsformer_pytorch import ClassificationWrapper, ETSFormer
    etsformer = ETSFormer(time_features=2, model_dim=32, embed_kernel_size=3, layers=2, heads=4, K=2, dropout=0.1)
    adapter = ClassificationWrapper(etsformer=etsformer, dim_head=8, heads=4, dropout=0.1, level_kernel_size=5,
                                    num_classes=3)
    opt = torch.optim.Adam(adapter.parameters(), lr=1e-3)

    def f(series, y):
        loss = torch.nn.functional.cross_entropy(adapter(series), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(2, 32, 2), torch.tensor([0, 2]))


# ========================================================== adabelief-pytorch ==
# held-out set 7. AdaBelief optimizer (juntang-zhuang/Adabelief-Optimizer), as in its README: decoupled
# weight decay, rectification on or off, amsgrad.
@entry("adabelief-pytorch", "AdaBelief(eps 1e-16, betas (0.9, 0.999), weight_decouple, rectify False) CNN training step")
def adabelief_step():
    from adabelief_pytorch import AdaBelief
    model = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3), torch.nn.ReLU(), torch.nn.Flatten(), torch.nn.Linear(4 * 6 * 6, 3))
    opt = AdaBelief(model.parameters(), lr=1e-3, eps=1e-16, betas=(0.9, 0.999), weight_decouple=True, rectify=False,
                    print_change_log=False)

    def f(x, y):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(4, 1, 8, 8), torch.randint(0, 3, (4,)))


@entry("adabelief-pytorch", "AdaBelief with rectify (RAdam-style, degenerated_to_sgd) + amsgrad and weight decay, MLP regression steps")
def adabelief_rectify_amsgrad():
    from adabelief_pytorch import AdaBelief
    a = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1))
    b = torch.nn.Linear(8, 1)
    opt_a = AdaBelief(a.parameters(), lr=1e-3, eps=1e-12, rectify=True, weight_decay=1e-4, print_change_log=False)
    opt_b = AdaBelief(b.parameters(), lr=1e-2, amsgrad=True, weight_decouple=False, weight_decay=1e-3,
                      rectify=False, print_change_log=False)

    def f(x, y):
        losses = []
        for model, opt in ((a, opt_a), (b, opt_b)):
            loss = torch.nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss.detach())
        return losses
    return f, (torch.randn(10, 8), torch.randn(10, 1))


# ==================================================================== poutyne ==
# held-out set 7. Poutyne Keras-like training framework (GRAAL-Research/poutyne), as in its README and
# docs: Model(network, optimizer, loss, batch_metrics, epoch_metrics) and its *_on_batch methods.
@entry("poutyne", "Model(network, 'sgd', 'cross_entropy', batch_metrics=['accuracy'], epoch_metrics=['f1']): train_on_batch + evaluate_on_batch")
def poutyne_train_eval_on_batch():
    from poutyne import Model
    network = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    model = Model(network, "sgd", "cross_entropy", batch_metrics=["accuracy"], epoch_metrics=["f1"])

    def f(x, y):
        train_loss, train_metrics = model.train_on_batch(x, y)
        eval_loss, eval_metrics = model.evaluate_on_batch(x, y)
        return train_loss, train_metrics, eval_loss, eval_metrics
    return f, (torch.randn(16, 8), torch.randint(0, 3, (16,)))


@entry("poutyne", "binary Model (Adam, 'bce_with_logits', binacc + BinaryF1 epoch metric): train_on_batch(return_pred, dict format) + predict_on_batch")
def poutyne_binary():
    from poutyne import Model
    network = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1), torch.nn.Flatten(0))
    model = Model(network, torch.optim.Adam(network.parameters(), lr=1e-3), "bce_with_logits",
                  batch_metrics=["binacc"], epoch_metrics=["binf1"])

    def f(x, y):
        out = model.train_on_batch(x, y, return_pred=True, return_dict_format=True)
        pred = model.predict_on_batch(x, convert_to_numpy=False)
        return out, pred
    return f, (torch.randn(12, 5), torch.randint(0, 2, (12,)).float())


@entry("poutyne", "Model with top-3 accuracy and FBeta(macro) over a 5-class MLP: evaluate_on_batch with return_pred, no numpy conversion")
def poutyne_topk_fbeta():
    from poutyne import FBeta, Model
    network = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 5))
    model = Model(network, "adam", "cross_entropy", batch_metrics=["accuracy", "top3"],
                  epoch_metrics=[FBeta(average="macro")])

    def f(x, y):
        model.train_on_batch(x, y)
        return model.evaluate_on_batch(x, y, return_pred=True, convert_to_numpy=False)
    return f, (torch.randn(10, 6), torch.randint(0, 5, (10,)))


# ==== held-out set 7, eleventh batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "nerfacc": {"dirs": ["nerfacc"], "split": "dev"},
    "pytorch-warmup": {"dirs": ["pytorch_warmup"], "split": "dev"},
    "focal-frequency-loss": {"dirs": ["focal_frequency_loss"], "split": "dev"},
})


# ==================================================================== nerfacc ==
# held-out set 7. NerfAcc volume rendering (nerfstudio-project/nerfacc), as in its docs, in batched mode
# (rays x samples; the flattened / packed mode and the estimators need its CUDA kernels): rendering() with a
# tiny radiance field, and the transmittance / weight / visibility / accumulation primitives.
@entry("nerfacc", "tiny NeRF training step: stratified samples, nerfacc.rendering(rgb_sigma_fn, render_bkgd) -> rgb, opacity, depth; MSE + Adam")
def nerfacc_nerf_step():
    import nerfacc
    field = torch.nn.Sequential(torch.nn.Linear(3 + 12, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4))
    opt = torch.optim.Adam(field.parameters(), lr=1e-3)

    def encode(x):
        freqs = 2.0 ** torch.arange(2, dtype=x.dtype)
        xf = (x[..., None] * freqs).flatten(-2)
        return torch.cat([x, torch.sin(xf), torch.cos(xf)], -1)

    def f(rays_o, rays_d, target, jitter):
        t = torch.linspace(0.1, 2.0, 17)[None].expand(rays_o.shape[0], -1)
        t = t + jitter * (t[:, 1:2] - t[:, :1])
        t_starts, t_ends = t[:, :-1], t[:, 1:]

        def rgb_sigma_fn(t_starts, t_ends, ray_indices):
            x = rays_o[:, None] + rays_d[:, None] * ((t_starts + t_ends) / 2)[..., None]
            out = field(encode(x))
            return torch.sigmoid(out[..., :3]), torch.nn.functional.softplus(out[..., 3])
        rgb, opacity, depth, extras = nerfacc.rendering(t_starts, t_ends, rgb_sigma_fn=rgb_sigma_fn,
                                                        render_bkgd=torch.ones(3))
        loss = torch.nn.functional.mse_loss(rgb, target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach(), depth.detach(), extras["weights"].detach()
    rays_d = torch.nn.functional.normalize(torch.randn(8, 3), dim=-1)
    return f, (torch.randn(8, 3) * 0.1, rays_d, torch.rand(8, 3), torch.rand(8, 17) * 0.5)


@entry("nerfacc", "batched primitives: render_weight_from_density, render_transmittance_from_alpha, render_visibility_from_density, accumulate_along_rays, exclusive_sum / inclusive_prod; rendering with rgb_alpha_fn")
def nerfacc_volrend_primitives():
    import nerfacc

    def f(t_starts, t_ends, sigmas, rgbs):
        weights, trans, alphas = nerfacc.render_weight_from_density(t_starts, t_ends, sigmas)
        trans2 = nerfacc.render_transmittance_from_alpha(alphas)
        vis = nerfacc.render_visibility_from_density(t_starts, t_ends, sigmas, early_stop_eps=1e-3, alpha_thre=1e-2)
        color = nerfacc.accumulate_along_rays(weights, rgbs)
        opacity = nerfacc.accumulate_along_rays(weights, None)
        cum = nerfacc.exclusive_sum(sigmas)
        prod = nerfacc.inclusive_prod(1.0 - alphas)
        rgb, acc, depth, _ = nerfacc.rendering(
            t_starts, t_ends, rgb_alpha_fn=lambda ts, te, ri: (rgbs, alphas))
        return weights, trans2, vis, color, opacity, cum, prod, rgb, acc, depth
    t = torch.linspace(0.0, 1.0, 9)[None].repeat(4, 1)
    return f, (t[:, :-1], t[:, 1:], torch.rand(4, 8) * 5, torch.rand(4, 8, 3))


# ============================================================= pytorch-warmup ==
# held-out set 7. Learning-rate warmup schedules (Tony-Y/pytorch_warmup), as in its README: a warmup
# scheduler dampening a torch LR scheduler inside the training loop (with warmup_scheduler.dampening()).
@entry("pytorch-warmup", "README loop: AdamW + CosineAnnealingLR + UntunedLinearWarmup, 3 steps with `with warmup_scheduler.dampening(): lr_scheduler.step()`")
def warmup_untuned_linear():
    import pytorch_warmup as warmup
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, betas=(0.9, 0.999), weight_decay=0.01)
    lr_scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=100)
    warmup_scheduler = warmup.UntunedLinearWarmup(optimizer)

    def f(x, y):
        for i in range(3):
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x[i]), y[i])
            loss.backward()
            optimizer.step()
            with warmup_scheduler.dampening():
                lr_scheduler.step()
        return loss.detach(), optimizer.param_groups[0]["lr"]
    return f, (torch.randn(3, 4, 8), torch.randn(3, 4, 1))


@entry("pytorch-warmup", "RAdamWarmup (Adam, ExponentialLR) and LinearWarmup / ExponentialWarmup (two param groups, StepLR): training steps, state_dict")
def warmup_radam_linear_exp():
    import pytorch_warmup as warmup
    a = torch.nn.Linear(6, 1)
    b = torch.nn.Sequential(torch.nn.Linear(6, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    opt_a = torch.optim.Adam(a.parameters(), lr=1e-2, betas=(0.9, 0.99))
    sched_a = torch.optim.lr_scheduler.ExponentialLR(opt_a, gamma=0.99)
    warm_a = warmup.RAdamWarmup(opt_a)
    opt_b = torch.optim.SGD([{"params": b[0].parameters()}, {"params": b[2].parameters(), "lr": 1e-3}], lr=1e-2,
                            momentum=0.9)
    sched_b = torch.optim.lr_scheduler.StepLR(opt_b, step_size=2, gamma=0.5)
    warm_b = warmup.LinearWarmup(opt_b, warmup_period=[3, 5])
    warm_c = warmup.ExponentialWarmup(opt_b, warmup_period=4)

    def f(x, y):
        for model, opt, sched, warm in ((a, opt_a, sched_a, warm_a), (b, opt_b, sched_b, warm_b),
                                        (b, opt_b, sched_b, warm_c)):
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
            with warm.dampening():
                sched.step()
        return [g["lr"] for g in opt_b.param_groups], warm_a.state_dict()
    return f, (torch.randn(5, 6), torch.randn(5, 1))


# ======================================================= focal-frequency-loss ==
# held-out set 7. Focal Frequency Loss for image reconstruction / synthesis (EndlessSora/focal-frequency-loss),
# as in its README: FFL(loss_weight, alpha) added to a pixel loss, and its patch / spectrum options.
@entry("focal-frequency-loss", "README: FocalFrequencyLoss(loss_weight 1, alpha 1) + MSE, conv autoencoder training step")
def ffl_autoencoder_step():
    from focal_frequency_loss import FocalFrequencyLoss as FFL
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, stride=2, padding=1), torch.nn.ReLU(),
                                torch.nn.ConvTranspose2d(8, 3, 4, stride=2, padding=1), torch.nn.Sigmoid())
    ffl = FFL(loss_weight=1.0, alpha=1.0)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def f(real):
        fake = model(real)
        loss = torch.nn.functional.mse_loss(fake, real) + ffl(fake, real)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.rand(2, 3, 16, 16),)


@entry("focal-frequency-loss", "FocalFrequencyLoss variants: patch_factor 2 + log_matrix, ave_spectrum + batch_matrix, a given weight matrix")
def ffl_variants():
    from focal_frequency_loss import FocalFrequencyLoss as FFL
    patch = FFL(loss_weight=0.5, alpha=1.0, patch_factor=2, log_matrix=True)
    batch = FFL(alpha=2.0, ave_spectrum=True, batch_matrix=True)
    plain = FFL()

    def f(fake, real, matrix):
        return patch(fake, real), batch(fake, real), plain(fake, real, matrix=matrix)
    return f, (torch.rand(2, 3, 16, 16), torch.rand(2, 3, 16, 16), torch.rand(2, 1, 3, 16, 16))


# ==== held-out set 7, twelfth batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "torchdrift": {"dirs": ["torchdrift"], "split": "dev"},
    "bert-pytorch": {"dirs": ["bert_pytorch"], "split": "dev"},
})


# ================================================================= torchdrift ==
# held-out set 7. TorchDrift dataset-drift detection (torchdrift.org, orobix), as in its README and
# example notebook: fit a detector on reference features (utils.fit), then score / p-value new batches
# with the feature extractor + detector pipeline; PCA reducer + KS detector; synthetic corruptions.
def _torchdrift_setup(detectors):
    import torchdrift
    feature_extractor = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.ReLU(), torch.nn.AdaptiveAvgPool2d(2),
                                            torch.nn.Flatten())
    ref = torch.utils.data.TensorDataset(torch.rand(16, 3, 8, 8))
    dl = torch.utils.data.DataLoader(ref, batch_size=8)
    torchdrift.utils.fit(dl, feature_extractor, detectors)
    return feature_extractor


@entry("torchdrift", "README: KernelMMDDriftDetector fitted with utils.fit, Sequential(feature_extractor, detector) score, compute_p_value (200 permutations) on corrupted inputs")
def torchdrift_kernel_mmd():
    import torchdrift
    detector = torchdrift.detectors.KernelMMDDriftDetector(n_perm=200)
    feature_extractor = _torchdrift_setup(detector)
    drift_detection_model = torch.nn.Sequential(feature_extractor, detector)

    def f(inputs):
        drifted = torchdrift.data.functional.gaussian_blur(inputs, severity=2)
        with torch.no_grad():
            score = drift_detection_model(drifted)
            p_val = detector.compute_p_value(feature_extractor(drifted))
        return score, p_val
    return f, (torch.rand(8, 3, 8, 8),)


@entry("torchdrift", "PCAReducer(2) + KSDriftDetector(return_p_value) pipeline and a KernelMMD detector with an ExpKernel; gaussian_noise / shot_noise corruptions")
def torchdrift_pca_ks():
    import torchdrift
    reducer = torchdrift.reducers.PCAReducer(n_components=2)
    ks = torchdrift.detectors.KSDriftDetector(return_p_value=True)
    feature_extractor = _torchdrift_setup([reducer, ks])
    mmd = torchdrift.detectors.KernelMMDDriftDetector(kernel=torchdrift.detectors.mmd.ExpKernel(), n_perm=50)
    torchdrift.utils.fit(torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.rand(16, 3, 8, 8)),
                                                     batch_size=8), feature_extractor, mmd)
    model = torch.nn.Sequential(feature_extractor, reducer, ks)

    def f(inputs):
        noisy = torchdrift.data.functional.gaussian_noise(inputs, severity=3)
        shot = torchdrift.data.functional.shot_noise(inputs, severity=1)
        with torch.no_grad():
            return model(noisy), model(shot), mmd(feature_extractor(noisy))
    return f, (torch.rand(8, 3, 8, 8),)


# =============================================================== bert-pytorch ==
# held-out set 7. BERT-pytorch (codertimo/BERT-pytorch), as in its README / __main__: BERT + BERTLM
# (masked LM + next-sentence heads) trained by BERTTrainer with its warmup ScheduledOptim.
def _bert_batches(n_batches=2, batch=2, seq_len=12, vocab=40):
    out = []
    for i in range(n_batches * batch):
        tokens = torch.randint(5, vocab, (seq_len,))
        tokens[-2:] = 0
        label = torch.zeros(seq_len, dtype=torch.long)
        label[3] = tokens[3]
        tokens[3] = 4
        segment = torch.tensor([1] * 5 + [2] * (seq_len - 7) + [0, 0])
        out.append({"bert_input": tokens, "bert_label": label, "segment_label": segment,
                    "is_next": torch.tensor((i + 1) % 2)})
    return out


@entry("bert-pytorch", "BERTTrainer (BERT hidden 32, 2 layers, 2 heads; with_cuda False, log_freq 1) train(epoch) over 2 batches of a DataLoader")
def bert_trainer_epoch():
    from bert_pytorch.model import BERT
    from bert_pytorch.trainer import BERTTrainer
    bert = BERT(40, hidden=32, n_layers=2, attn_heads=2)
    dl = torch.utils.data.DataLoader(_bert_batches(), batch_size=2)
    trainer = BERTTrainer(bert, 40, train_dataloader=dl, test_dataloader=dl, lr=1e-3, warmup_steps=10,
                          with_cuda=False, log_freq=1)
    epochs = iter(range(100))

    def f():
        epoch = next(epochs)
        trainer.train(epoch)
        trainer.test(epoch)
    return f, ()


@entry("bert-pytorch", "BERTLM (next-sentence + masked-LM heads) forward, NLLLoss(ignore_index 0) backward, ScheduledOptim.step_and_update_lr")
def bert_lm_step():
    from bert_pytorch.model import BERT, BERTLM
    from bert_pytorch.trainer.optim_schedule import ScheduledOptim
    bert = BERT(40, hidden=32, n_layers=2, attn_heads=2)
    model = BERTLM(bert, 40)
    optim = ScheduledOptim(torch.optim.Adam(model.parameters(), lr=1e-3, betas=(0.9, 0.999), weight_decay=0.01),
                           32, n_warmup_steps=10)
    criterion = torch.nn.NLLLoss(ignore_index=0)

    def f(bert_input, segment_label, bert_label, is_next):
        next_sent_output, mask_lm_output = model(bert_input, segment_label)
        loss = criterion(next_sent_output, is_next) + criterion(mask_lm_output.transpose(1, 2), bert_label)
        optim.zero_grad()
        loss.backward()
        optim.step_and_update_lr()
        return loss.detach()
    data = torch.utils.data.default_collate(_bert_batches(1, 3))
    return f, (data["bert_input"], data["segment_label"], data["bert_label"], data["is_next"])


PACKAGES.update({
    "PyHessian": {"dirs": ["pyhessian"], "split": "dev"},
})


# ================================================================== PyHessian ==
# held-out set 7. PyHessian (amirgholami/PyHessian), as in its README: Hessian analysis of a trained
# network's loss: top eigenvalues (power iteration), trace (Hutchinson), eigenvalue density (Lanczos).
@entry("PyHessian", "README: hessian(model, criterion, data=(x, y), cuda=False): eigenvalues(top_n=2) + trace(), 8 iterations each")
def pyhessian_eigen_trace():
    from pyhessian import hessian
    model = torch.nn.Sequential(torch.nn.Linear(6, 8), torch.nn.Tanh(), torch.nn.Linear(8, 3)).eval()
    criterion = torch.nn.CrossEntropyLoss()

    def f(x, y):
        hessian_comp = hessian(model, criterion, data=(x, y), cuda=False)
        top_eigenvalues, top_eigenvector = hessian_comp.eigenvalues(top_n=2, maxIter=8)
        trace = hessian_comp.trace(maxIter=8)
        return top_eigenvalues, trace
    return f, (torch.randn(16, 6), torch.randint(0, 3, (16,)))


@entry("PyHessian", "hessian over a DataLoader (2 batches): top eigenvalue and trace (dataloader_hv_product); density() uses the removed torch.eig")
def pyhessian_dataloader_trace():
    from pyhessian import hessian
    model = torch.nn.Sequential(torch.nn.Conv2d(1, 2, 3), torch.nn.ReLU(), torch.nn.Flatten(), torch.nn.Linear(2 * 4 * 4, 2))
    criterion = torch.nn.CrossEntropyLoss()
    ds = torch.utils.data.TensorDataset(torch.randn(8, 1, 6, 6), torch.randint(0, 2, (8,)))
    dl = torch.utils.data.DataLoader(ds, batch_size=4)

    def f():
        comp = hessian(model, criterion, dataloader=dl, cuda=False)
        top, _ = comp.eigenvalues(top_n=1, maxIter=6)
        return top, comp.trace(maxIter=6)
    return f, ()


# ==== held-out set 7, thirteenth batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "pytorch-lightning": {"dirs": ["pytorch_lightning", "lightning_fabric"], "split": "dev"},
})


# ========================================================== pytorch-lightning ==
# held-out set 7. Lightning Fabric (the pytorch-lightning wheel ships lightning_fabric), as in its docs
# ("Convert PyTorch code to Fabric"): fabric.setup, fabric.backward, clip_gradients, no_backward_sync,
# autocast, all_reduce, log_dict; a plain training step in the wrapped module and optimizer.
@entry("pytorch-lightning", "Fabric(cpu, 32-true): setup(model, optimizer), training step with fabric.backward, clip_gradients(max_norm 1.0), log_dict")
def fabric_train_step():
    import lightning_fabric as L
    fabric = L.Fabric(accelerator="cpu", devices=1, precision="32-true")
    fabric.launch()
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    model, optimizer = fabric.setup(model, optimizer)

    def f(x, y):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        fabric.log_dict({"loss": loss.detach()})
        return loss.detach()
    return f, (torch.randn(6, 8), torch.randint(0, 3, (6,)))


@entry("pytorch-lightning", "Fabric(cpu, bf16-mixed): gradient accumulation over 2 micro-batches with no_backward_sync, autocast, clip_gradients(clip_val), all_reduce of the loss")
def fabric_accumulate_bf16():
    import lightning_fabric as L
    fabric = L.Fabric(accelerator="cpu", devices=1, precision="bf16-mixed")
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.GELU(), torch.nn.Linear(16, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)
    model, optimizer = fabric.setup(model, optimizer)
    aux = torch.nn.Linear(8, 1)

    def f(x, y):
        total = 0.0
        for i in range(2):
            is_accumulating = i < 1
            with fabric.no_backward_sync(model, enabled=is_accumulating):
                loss = torch.nn.functional.mse_loss(model(x[i]).float(), y[i])
                fabric.backward(loss / 2)
            total = total + loss.detach()
        fabric.clip_gradients(model, optimizer, clip_val=0.5)
        optimizer.step()
        optimizer.zero_grad()
        with fabric.autocast():
            extra = aux(x[0]).mean()
        return fabric.all_reduce(total / 2, reduce_op="mean"), extra.detach()
    return f, (torch.randn(2, 4, 8), torch.randn(2, 4, 1))


# poutyne (tenth batch) again: its README's main usage, Model.fit, added in the thirteenth batch
@entry("poutyne", "README: Model.fit(x_train, y_train, validation_data, epochs=1, batch_size=8) with accuracy and F1, verbose off")
def poutyne_fit_epoch():
    from poutyne import Model
    network = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    model = Model(network, "sgd", "cross_entropy", batch_metrics=["accuracy"], epoch_metrics=["f1"])

    def f(x_train, y_train, x_valid, y_valid):
        return model.fit(x_train, y_train, validation_data=(x_valid, y_valid), epochs=1, batch_size=8,
                         verbose=False)
    return f, (torch.randn(16, 6), torch.randint(0, 3, (16,)), torch.randn(8, 6), torch.randint(0, 3, (8,)))


# ==== held-out set 7, fourteenth batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "pytorch-pfn-extras": {"dirs": ["pytorch_pfn_extras"], "split": "dev"},
})


# ========================================================= pytorch-pfn-extras ==
# held-out set 7. pytorch-pfn-extras (Preferred Networks), as in its README: an ExtensionsManager training
# loop (run_iteration, ppe.reporting.report, LogReport / observe_lr / ParameterStatistics / PrintReport
# extensions, an Evaluator), and the reporting API on its own. out_dir is a temporary directory.
@entry("pytorch-pfn-extras", "README loop: ExtensionsManager(LogReport, observe_lr, ParameterStatistics, PrintReport, Evaluator), one epoch of run_iteration + report")
def ppe_manager_epoch():
    import tempfile

    import pytorch_pfn_extras as ppe
    import pytorch_pfn_extras.training.extensions as extensions
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3),
                                torch.nn.LogSoftmax(dim=1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.5)
    ds = torch.utils.data.TensorDataset(torch.randn(8, 6), torch.randint(0, 3, (8,)))
    train_loader = torch.utils.data.DataLoader(ds, batch_size=4)
    val_loader = torch.utils.data.DataLoader(ds, batch_size=4)

    def eval_func(data, target):
        output = model(data)
        ppe.reporting.report({"val/loss": torch.nn.functional.nll_loss(output, target).item(),
                              "val/acc": (output.argmax(dim=1) == target).float().mean().item()})
    my_extensions = [
        extensions.LogReport(trigger=(1, "epoch")),
        extensions.observe_lr(optimizer=optimizer),
        extensions.ParameterStatistics(model, prefix="model"),
        extensions.Evaluator(val_loader, model, eval_func=eval_func),
        extensions.PrintReport(["epoch", "iteration", "train/loss", "lr", "val/loss", "val/acc"]),
    ]
    manager = ppe.training.ExtensionsManager(model, optimizer, 100, extensions=my_extensions,
                                             iters_per_epoch=len(train_loader), out_dir=tempfile.mkdtemp())

    def f():
        for data, target in train_loader:
            with manager.run_iteration():
                optimizer.zero_grad()
                loss = torch.nn.functional.nll_loss(model(data), target)
                ppe.reporting.report({"train/loss": loss.item()})
                loss.backward()
                optimizer.step()
        return manager.iteration
    return f, ()


@entry("pytorch-pfn-extras", "reporting API: Reporter scope + report (tensor values) + DictSummary mean/std over 3 steps, and ppe.nn.LazyLinear / ExtendedSequential model")
def ppe_reporting_summary():
    import pytorch_pfn_extras as ppe
    model = ppe.nn.ExtendedSequential(ppe.nn.LazyLinear(None, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
    model(torch.zeros(1, 5))
    reporter = ppe.reporting.Reporter()
    reporter.add_observer("model", model)

    def f(x, y):
        summary = ppe.reporting.DictSummary()
        for i in range(3):
            observation = {}
            with reporter.scope(observation):
                loss = torch.nn.functional.mse_loss(model(x[i]), y[i])
                ppe.reporting.report({"loss": loss}, model)
                ppe.reporting.report({"scale": float(i)})
            summary.add(observation)
        return summary.compute_mean(), summary.make_statistics()
    return f, (torch.randn(3, 4, 5), torch.randn(3, 4, 1))


# ==== held-out set 7, fifteenth batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "pytorch-accelerated": {"dirs": ["pytorch_accelerated"], "split": "dev"},
})


# ======================================================== pytorch-accelerated ==
# held-out set 7. pytorch-accelerated (Chris Hughes), as in its README: Trainer(model, loss_func,
# optimizer) with its default callbacks, train() for one epoch on a tiny dataset with evaluation, and
# evaluate(); on CPU through accelerate.
@entry("pytorch-accelerated", "README: Trainer(model, loss_func, optimizer).train(train_dataset, eval_dataset, num_epochs=1, per_device_batch_size=4) with the default callbacks")
def accelerated_trainer_train():
    from pytorch_accelerated import Trainer
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    trainer = Trainer(model, loss_func=torch.nn.CrossEntropyLoss(), optimizer=optimizer)
    train_ds = torch.utils.data.TensorDataset(torch.randn(8, 6), torch.randint(0, 3, (8,)))
    eval_ds = torch.utils.data.TensorDataset(torch.randn(4, 6), torch.randint(0, 3, (4,)))

    def f():
        trainer.train(train_dataset=train_ds, eval_dataset=eval_ds, num_epochs=1, per_device_batch_size=4)
        return trainer.run_history.get_latest_metric("train_loss_epoch")
    return f, ()


@entry("pytorch-accelerated", "Trainer.evaluate(dataset, per_device_batch_size=4) after a train() call, and run_history metrics")
def accelerated_trainer_evaluate():
    from pytorch_accelerated import Trainer
    model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    trainer = Trainer(model, loss_func=torch.nn.MSELoss(), optimizer=torch.optim.SGD(model.parameters(), lr=1e-2))
    ds = torch.utils.data.TensorDataset(torch.randn(8, 5), torch.randn(8, 1))
    trainer.train(train_dataset=ds, num_epochs=1, per_device_batch_size=4)

    def f():
        trainer.evaluate(dataset=ds, per_device_batch_size=4)
        return trainer.run_history.get_latest_metric("evaluation_loss")
    return f, ()


# ==== held-out set 7, sixteenth batch: more entry points (documented usage) for e2cnn and torchdeq (2026-11-21)


@entry("e2cnn", "equivariant encoder-decoder pieces: R2Conv (stride 2), NormBatchNorm on irreps, GatedNonLinearity1, PointwiseMaxPool, R2Upsampling, R2ConvTransposed; eval forward")
def e2cnn_gated_upsampling():
    from e2cnn import gspaces
    from e2cnn import nn as enn
    gs = gspaces.Rot2dOnR2(N=4)
    in_type = enn.FieldType(gs, [gs.trivial_repr])
    gate_type = enn.FieldType(gs, 2 * [gs.trivial_repr])
    feat_type = enn.FieldType(gs, 2 * [gs.irrep(1)])
    reg_type = enn.FieldType(gs, 2 * [gs.regular_repr])
    conv_gated = enn.R2Conv(in_type, gate_type + feat_type, kernel_size=3, padding=1)
    gate = enn.GatedNonLinearity1(gate_type + feat_type)
    bn = enn.NormBatchNorm(feat_type)
    down = enn.R2Conv(feat_type, reg_type, kernel_size=3, padding=1, stride=2)
    pool = enn.PointwiseMaxPool(reg_type, 2)
    up = enn.R2Upsampling(reg_type, scale_factor=2)
    deconv = enn.R2ConvTransposed(reg_type, in_type, kernel_size=3, stride=2, padding=1, output_padding=1)
    modules = torch.nn.ModuleList([conv_gated, gate, bn, down, pool, up, deconv]).eval()

    def f(x):
        with torch.no_grad():
            h = bn(gate(conv_gated(enn.GeometricTensor(x, in_type))))
            h = up(pool(down(h)))
            return deconv(h).tensor
    return f, (torch.randn(2, 1, 16, 16),)


@entry("torchdeq", "conv DEQ (spectral_norm via apply_norm, VariationalDropout2d, get_deq broyden, indexing core, n_states 2) classifier training step with reset_deq")
def torchdeq_conv_spectral():
    from torchdeq import apply_norm, get_deq, reset_deq
    from torchdeq.dropout import VariationalDropout2d

    class ConvLayer(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = torch.nn.Conv2d(4, 8, 3, padding=1)
            self.conv2 = torch.nn.Conv2d(8, 4, 3, padding=1)
            self.drop = VariationalDropout2d(0.1)
            self.norm = torch.nn.GroupNorm(2, 4)

        def forward(self, z, x):
            return self.norm(torch.relu(self.conv2(self.drop(torch.relu(self.conv1(z)))) + x))
    layer = ConvLayer()
    apply_norm(layer, norm_type="spectral_norm")
    deq = get_deq(core="indexing", f_solver="broyden", f_max_iter=8, n_states=2, indexing=[4, 8])
    stem = torch.nn.Conv2d(3, 4, 3, padding=1)
    head = torch.nn.Linear(4, 5)
    params = list(layer.parameters()) + list(stem.parameters()) + list(head.parameters())
    opt = torch.optim.Adam(params, lr=1e-3)

    def f(img, y):
        reset_deq(layer)
        x = stem(img)
        z_out, info = deq(lambda z: layer(z, x), torch.zeros_like(x))
        loss = sum(torch.nn.functional.cross_entropy(head(z.mean(dim=(2, 3))), y) for z in z_out)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach(), info["nstep"]
    return f, (torch.randn(2, 3, 8, 8), torch.tensor([1, 4]))


# ==== held-out set 7, seventeenth batch: more entry points (documented usage) for pytorch-accelerated and poutyne


@entry("pytorch-accelerated", "Trainer.train with CosineLrScheduler.create_scheduler_fn (warmup), gradient_accumulation_steps=2 and gradient_clip_value, 1 epoch")
def accelerated_scheduler_accumulation():
    from pytorch_accelerated import Trainer
    from pytorch_accelerated.schedulers import CosineLrScheduler
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2))
    trainer = Trainer(model, loss_func=torch.nn.CrossEntropyLoss(),
                      optimizer=torch.optim.AdamW(model.parameters(), lr=1e-3))
    ds = torch.utils.data.TensorDataset(torch.randn(16, 6), torch.randint(0, 2, (16,)))

    def f():
        trainer.train(train_dataset=ds, num_epochs=1, per_device_batch_size=4, gradient_accumulation_steps=2,
                      gradient_clip_value=1.0,
                      create_scheduler_fn=CosineLrScheduler.create_scheduler_fn(num_warmup_epochs=1,
                                                                                warmup_starting_lr=1e-5))
        return trainer.run_history.get_latest_metric("train_loss_epoch")
    return f, ()


@entry("poutyne", "README: Model.evaluate(x_test, y_test, batch_size=8) with return_pred, and Model.predict(x, batch_size=8)")
def poutyne_evaluate_predict():
    from poutyne import Model
    network = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    model = Model(network, "adam", "cross_entropy", batch_metrics=["accuracy"], epoch_metrics=["f1"])

    def f(x, y):
        loss, metrics, pred = model.evaluate(x, y, batch_size=8, return_pred=True, verbose=False)
        return loss, metrics, pred, model.predict(x, batch_size=8, verbose=False)
    return f, (torch.randn(12, 6), torch.randint(0, 3, (12,)))


# ==== held-out set 8, first batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "fair-esm": {"dirs": ["esm"], "split": "dev"},
    "torchcde": {"dirs": ["torchcde"], "split": "dev"},
    "performer-pytorch": {"dirs": ["performer_pytorch"], "split": "dev"},
    "asteroid-filterbanks": {"dirs": ["asteroid_filterbanks"], "split": "dev"},
    # "torchquad": {"dirs": ["torchquad"], "split": "dev"},  # dropped: all its entry points recorded compile-error (see README.md)
    "ema-pytorch": {"dirs": ["ema_pytorch"], "split": "dev"},
    # "pypose": {"dirs": ["pypose"], "split": "dev"},  # dropped: all its entry points recorded compile-error (see README.md)
    "came-pytorch": {"dirs": ["came_pytorch"], "split": "dev"},
    "info-nce-pytorch": {"dirs": ["info_nce"], "split": "dev"},
    "fast-pytorch-kmeans": {"dirs": ["fast_pytorch_kmeans"], "split": "dev"},
})


# ================================================================== fair-esm ==
# held-out set 8. fair-esm (Meta, ESM protein language models), as in its README: the alphabet's batch
# converter, an ESM-2 model (tiny config, random weights; esm.pretrained would download weights) with
# per-layer representations and contact prediction, a masked-LM training step, and the MSA Transformer.
def _esm_batch(alphabet):
    data = [("protein1", "MKTVRQERLKSIVRILERSKEPVSGAQ"), ("protein2", "KALTARQQEVFDLIRDHISQTGMPPTRA"),
            ("protein3", "KALTAR<mask>ISQTGMPPTRA")]
    _, _, tokens = alphabet.get_batch_converter()(data)
    return tokens


@entry("fair-esm", "README: ESM2 (2 layers, tiny) on batch_converter tokens, repr_layers=[2], return_contacts=True, eval")
def esm_esm2_contacts():
    import esm
    alphabet = esm.data.Alphabet.from_architecture("ESM-1b")
    model = esm.model.esm2.ESM2(num_layers=2, embed_dim=32, attention_heads=4, alphabet=alphabet).eval()
    tokens = _esm_batch(alphabet)

    def f(toks):
        with torch.no_grad():
            out = model(toks, repr_layers=[2], return_contacts=True)
        lens = (toks != alphabet.padding_idx).sum(1)
        reps = [out["representations"][2][i, 1:n - 1].mean(0) for i, n in enumerate(lens.tolist())]
        return out["logits"], out["contacts"], torch.stack(reps)
    return f, (tokens,)


@entry("fair-esm", "ESM2 masked-language-model training step (15% masking with alphabet.mask_idx, cross-entropy, Adam)")
def esm_esm2_mlm_step():
    import esm
    alphabet = esm.data.Alphabet.from_architecture("ESM-1b")
    model = esm.model.esm2.ESM2(num_layers=2, embed_dim=32, attention_heads=4, alphabet=alphabet, token_dropout=True)
    opt = torch.optim.Adam(model.parameters(), lr=1e-4)
    tokens = _esm_batch(alphabet)
    g = torch.Generator().manual_seed(1)
    special = (tokens == alphabet.padding_idx) | (tokens == alphabet.cls_idx) | (tokens == alphabet.eos_idx)
    mask = (torch.rand(tokens.shape, generator=g) < 0.15) & ~special
    mask[0, 3] = True

    def f(toks, m):
        inp = toks.masked_fill(m, alphabet.mask_idx)
        logits = model(inp)["logits"]
        loss = torch.nn.functional.cross_entropy(logits[m], toks[m])
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (tokens, mask)


@entry("fair-esm", "MSATransformer (tiny args) on an MSA batch from the MSA batch converter, repr_layers and return_contacts, eval")
def esm_msa_transformer():
    import argparse
    import esm
    alphabet = esm.data.Alphabet.from_architecture("msa_transformer")
    args = argparse.Namespace(layers=2, embed_dim=32, logit_bias=True, ffn_embed_dim=64, attention_heads=4,
                              dropout=0.1, attention_dropout=0.1, activation_dropout=0.1,
                              max_tokens=2 ** 14, max_positions=64, embed_positions_msa=True)
    model = esm.model.msa_transformer.MSATransformer(args, alphabet).eval()
    msa = [("s1", "MKTVRQERLKSIV"), ("s2", "MKTVRQ-RLKSIV"), ("s3", "MRTVKQERLKAIV")]
    _, _, tokens = alphabet.get_batch_converter()([msa])

    def f(toks):
        with torch.no_grad():
            out = model(toks, repr_layers=[2], return_contacts=True)
        return out["logits"], out["representations"][2], out["contacts"]
    return f, (tokens,)


# ================================================================== torchcde ==
# held-out set 8. torchcde (Patrick Kidger, neural controlled differential equations), as in its README
# and examples: interpolation coefficients, a CDE vector field, cdeint, a time-series classifier step.
class _CDEFunc(torch.nn.Module):
    def __init__(self, input_channels, hidden_channels):
        super().__init__()
        self.input_channels, self.hidden_channels = input_channels, hidden_channels
        self.linear1 = torch.nn.Linear(hidden_channels, 16)
        self.linear2 = torch.nn.Linear(16, hidden_channels * input_channels)

    def forward(self, t, z):
        z = self.linear2(self.linear1(z).relu()).tanh()
        return z.view(*z.shape[:-1], self.hidden_channels, self.input_channels)


@entry("torchcde", "README: hermite_cubic_coefficients_with_backward_differences + CubicSpline + cdeint (rk4) neural CDE classifier training step")
def torchcde_neural_cde_step():
    import torchcde
    func = _CDEFunc(3, 8)
    initial = torch.nn.Linear(3, 8)
    readout = torch.nn.Linear(8, 2)
    params = list(func.parameters()) + list(initial.parameters()) + list(readout.parameters())
    opt = torch.optim.Adam(params, lr=1e-3)
    t = torch.linspace(0, 1, 10)
    x = torch.cat([t.expand(4, 10).unsqueeze(-1), torch.randn(4, 10, 2).cumsum(1)], dim=-1)

    def f(x, y):
        coeffs = torchcde.hermite_cubic_coefficients_with_backward_differences(x)
        X = torchcde.CubicSpline(coeffs)
        z0 = initial(X.evaluate(X.interval[0]))
        zt = torchcde.cdeint(X=X, func=func, z0=z0, t=X.interval, method="rk4", options=dict(step_size=0.25))
        loss = torch.nn.functional.cross_entropy(readout(zt[:, -1]), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (x, torch.tensor([0, 1, 1, 0]))


@entry("torchcde", "linear_interpolation_coeffs + LinearInterpolation and natural_cubic_coeffs + CubicSpline (with NaNs filled), evaluate / derivative, cdeint dopri5 adjoint forward")
def torchcde_interpolations():
    import torchcde
    func = _CDEFunc(2, 4)
    x = torch.randn(2, 8, 2).cumsum(1)
    x[0, 3, 1] = float("nan")

    def f(x):
        lin = torchcde.LinearInterpolation(torchcde.linear_interpolation_coeffs(x))
        cub = torchcde.CubicSpline(torchcde.natural_cubic_coeffs(x))
        ts = torch.linspace(0, 7, 5)
        vals = lin.evaluate(ts) + cub.derivative(ts)
        z0 = torch.zeros(2, 4)
        zt = torchcde.cdeint(X=lin, func=func, z0=z0, t=ts, adjoint=True, method="dopri5",
                             rtol=1e-3, atol=1e-4, options=dict(jump_t=lin.grid_points))
        return vals, zt
    return f, (x,)


# ========================================================= performer-pytorch ==
# held-out set 8. performer-pytorch (lucidrains, FAVOR+ linear attention), as in its README.
@entry("performer-pytorch", "README: PerformerLM (non-causal, local attention heads, rotary, shift_tokens, ff_glu) with a mask, eval forward")
def performer_lm_forward():
    from performer_pytorch import PerformerLM
    model = PerformerLM(num_tokens=64, max_seq_len=32, dim=32, depth=2, heads=4, causal=False, nb_features=16,
                        feature_redraw_interval=1000, generalized_attention=False, reversible=False, ff_chunks=2,
                        ff_glu=True, local_attn_heads=2, local_window_size=8, rotary_position_emb=True,
                        shift_tokens=True).eval()
    x = torch.randint(0, 64, (2, 32))

    def f(x, mask):
        with torch.no_grad():
            return model(x, mask=mask)
    return f, (x, torch.ones_like(x).bool())


@entry("performer-pytorch", "README: causal reversible PerformerLM in AutoregressiveWrapper, training loss backward + generate")
def performer_autoregressive():
    from performer_pytorch import PerformerLM
    from performer_pytorch.autoregressive_wrapper import AutoregressiveWrapper
    model = AutoregressiveWrapper(PerformerLM(num_tokens=64, max_seq_len=32, dim=32, depth=2, heads=4, causal=True,
                                              nb_features=16, reversible=True, feature_redraw_interval=2))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def f(x):
        model.train()
        loss = model(x, return_loss=True)
        opt.zero_grad()
        loss.backward()
        opt.step()
        model.eval()
        return loss.detach(), model.generate(x[:, :4], 4, temperature=1.0)
    return f, (torch.randint(0, 64, (2, 17)),)


@entry("performer-pytorch", "SelfAttention (generalized attention) + Performer on continuous input + PerformerEncDec training loss")
def performer_attention_encdec():
    from performer_pytorch import Performer, PerformerEncDec, SelfAttention
    attn = SelfAttention(dim=32, heads=4, causal=False, generalized_attention=True, nb_features=16)
    perf = Performer(dim=32, depth=1, heads=4, dim_head=8, causal=True, nb_features=16)
    encdec = PerformerEncDec(dim=32, enc_num_tokens=40, enc_depth=1, enc_heads=4, enc_max_seq_len=16,
                             dec_num_tokens=40, dec_depth=1, dec_heads=4, dec_max_seq_len=17, enc_nb_features=16,
                             dec_nb_features=16)

    def f(x, src, tgt):
        y = perf(attn(x))
        loss = encdec(src, tgt, enc_mask=torch.ones_like(src).bool())
        loss.backward()
        return y, loss.detach()
    return f, (torch.randn(2, 16, 32), torch.randint(0, 40, (2, 16)), torch.randint(0, 40, (2, 17)))


# ====================================================== asteroid-filterbanks ==
# held-out set 8. asteroid-filterbanks (Asteroid, audio source separation), as in its README / docs:
# make_enc_dec, Encoder / Decoder, masking in the time-frequency domain, learnable filterbanks.
@entry("asteroid-filterbanks", "README: make_enc_dec('stft') encoder, mag, apply_mag_mask with a learned mask, decoder, SI-SDR-like loss backward")
def asteroid_stft_masking():
    from asteroid_filterbanks import make_enc_dec
    from asteroid_filterbanks.transforms import apply_mag_mask, mag
    enc, dec = make_enc_dec("stft", n_filters=64, kernel_size=64, stride=32)
    masker = torch.nn.Sequential(torch.nn.Conv1d(33, 33, 3, padding=1), torch.nn.Sigmoid())

    def f(wav, target):
        spec = enc(wav)
        est = dec(apply_mag_mask(spec, masker(mag(spec))))
        loss = torch.nn.functional.mse_loss(est[..., :target.shape[-1]], target)
        loss.backward()
        return loss.detach()
    return f, (torch.randn(2, 1, 800), torch.randn(2, 1, 800))


@entry("asteroid-filterbanks", "free, analytic-free and param-sinc (learnable) Encoders + Decoder(FreeFB), eval forward")
def asteroid_learnable_filterbanks():
    from asteroid_filterbanks import AnalyticFreeFB, Decoder, Encoder, FreeFB, ParamSincFB
    free = Encoder(FreeFB(n_filters=32, kernel_size=16, stride=8))
    analytic = Encoder(AnalyticFreeFB(n_filters=32, kernel_size=16, stride=8))
    sinc = Encoder(ParamSincFB(n_filters=32, kernel_size=33, stride=16, sample_rate=8000))
    dec = Decoder(FreeFB(n_filters=32, kernel_size=16, stride=8))

    def f(wav):
        with torch.no_grad():
            a = free(wav)
            return dec(a), analytic(wav), sinc(wav)
    return f, (torch.randn(2, 1, 400),)


@entry("asteroid-filterbanks", "torch_stft encoder/decoder pair (TorchSTFTFB), magphase / from_magphase, to/from torch complex")
def asteroid_torch_stft_magphase():
    from asteroid_filterbanks import make_enc_dec
    from asteroid_filterbanks.transforms import from_magphase, from_torch_complex, magphase, to_torch_complex
    enc, dec = make_enc_dec("torch_stft", n_filters=64, kernel_size=64, stride=16)

    def f(wav):
        spec = enc(wav)
        m, p = magphase(spec)
        spec2 = from_torch_complex(to_torch_complex(from_magphase(m, p)))
        return dec(spec2, length=wav.shape[-1]), m
    return f, (torch.randn(2, 1, 512),)


# torchquad (held-out set 8, first batch; dropped after the first collect: all three entry points recorded compile-error; kept as comment lines)
# # held-out set 8. torchquad (ESA, numerical integration on the torch backend), as in its README / docs.
# @entry("torchquad", "README: Simpson, Trapezoid, Boole and GaussLegendre integrate a 2-D function over [[0,1],[-1,1]] (backend torch)")
# def torchquad_newton_cotes():
#     from torchquad import Boole, GaussLegendre, Simpson, Trapezoid, set_up_backend
#     set_up_backend("torch", data_type="float32")

#     def fn(x):
#         return torch.sin(x[:, 0]) + torch.exp(x[:, 1])

#     def f():
#         dom = [[0.0, 1.0], [-1.0, 1.0]]
#         return (Simpson().integrate(fn, dim=2, N=121, integration_domain=dom, backend="torch"),
#                 Trapezoid().integrate(fn, dim=2, N=121, integration_domain=dom, backend="torch"),
#                 Boole().integrate(fn, dim=2, N=81, integration_domain=dom, backend="torch"),
#                 GaussLegendre().integrate(fn, dim=2, N=64, integration_domain=dom, backend="torch"))
#     return f, ()


# @entry("torchquad", "docs: gradient of a MonteCarlo and a Simpson integral w.r.t. parameters of the integrand and the domain tensor")
# def torchquad_gradients():
#     from torchquad import MonteCarlo, Simpson, set_up_backend
#     set_up_backend("torch", data_type="float32")

#     def f(a, dom):
#         def fn(x):
#             return torch.exp(a * x[:, 0]) * torch.cos(x[:, 1])
#         mc = MonteCarlo().integrate(fn, dim=2, N=1000, integration_domain=dom, seed=0, backend="torch")
#         simp = Simpson().integrate(fn, dim=2, N=49, integration_domain=dom, backend="torch")
#         (mc + simp).backward()
#         return mc.detach(), simp.detach(), a.grad, dom.grad
#     return f, (torch.tensor(0.5, requires_grad=True), torch.tensor([[0.0, 1.0], [0.0, 2.0]], requires_grad=True))


# @entry("torchquad", "VEGAS (adaptive Monte Carlo) 3-D integral, N=5000, seed 0")
# def torchquad_vegas():
#     from torchquad import VEGAS, set_up_backend
#     set_up_backend("torch", data_type="float32")

#     def fn(x):
#         return torch.exp(-(x ** 2).sum(dim=1))

#     def f():
#         return VEGAS().integrate(fn, dim=3, N=5000, integration_domain=[[-1.0, 1.0]] * 3, seed=0, backend="torch")
#     return f, ()


# =============================================================== ema-pytorch ==
# held-out set 8. ema-pytorch (lucidrains, EMA of model weights), as in its README: EMA wrapper updated
# after each optimizer step, ema-model inference, and Karras' post-hoc EMA.
@entry("ema-pytorch", "README: EMA(net, beta=0.9999, update_after_step=2, update_every=2) updated after 4 training steps, then ema(x)")
def ema_training_loop():
    from ema_pytorch import EMA
    net = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.BatchNorm1d(16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
    ema = EMA(net, beta=0.9999, update_after_step=2, update_every=2)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def f(x, y):
        for _ in range(4):
            loss = torch.nn.functional.mse_loss(net(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            ema.update()
        with torch.no_grad():
            return ema(x), ema.step
    return f, (torch.randn(8, 8), torch.randn(8, 1))


@entry("ema-pytorch", "EMA with inv_gamma/power warmup, include_online_model=False, ignore_names, update_model_with_ema_every; and EMA over a pytree of tensors")
def ema_options_pytree():
    from ema_pytorch import EMA
    net = torch.nn.Sequential(torch.nn.Linear(6, 6), torch.nn.Tanh(), torch.nn.Linear(6, 2))
    ema = EMA(net, beta=0.99, inv_gamma=1.0, power=3 / 4, update_after_step=0, update_every=1,
              include_online_model=False, ignore_names={"2.bias"}, update_model_with_ema_every=3)
    tree = {"w": torch.randn(4, 4), "b": [torch.zeros(4)]}
    ema_tree = EMA(tree, beta=0.9, update_after_step=0, update_every=1)

    def f(x):
        for i in range(3):
            with torch.no_grad():
                for p in net.parameters():
                    p.add_(0.01 * torch.randn_like(p))
                tree["w"].mul_(0.9)
            ema.update()
            ema_tree.update()
        return ema.ema_model(x), ema.get_current_decay(), ema_tree.ema_pytree["w"]
    return f, (torch.randn(3, 6),)


@entry("ema-pytorch", "README: PostHocEMA(sigma_rels=(0.05, 0.28), checkpoint_every_num_steps=2) updates, then synthesize_ema_model(sigma_rel=0.15) forward")
def ema_post_hoc():
    import tempfile
    from ema_pytorch import PostHocEMA
    net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.GELU(), torch.nn.Linear(8, 1))
    folder = tempfile.mkdtemp(prefix="posthoc_ema_")
    emas = PostHocEMA(net, sigma_rels=(0.05, 0.28), checkpoint_every_num_steps=2, checkpoint_folder=folder)

    def f(x):
        for _ in range(4):
            with torch.no_grad():
                for p in net.parameters():
                    p.add_(0.01 * torch.randn_like(p))
            emas.update()
        synth = emas.synthesize_ema_model(sigma_rel=0.15)
        return synth(x), emas(x)
    return f, (torch.randn(3, 4),)


# pypose (held-out set 8, first batch; dropped after the first collect: all three entry points recorded compile-error; kept as comment lines)
# # held-out set 8. pypose (CMU, differentiable robotics: Lie groups, optimizers, filters, IMU), as in its
# # README and docstrings.
# @entry("pypose", "README: LieTensor ops (randn_SE3, Log, Exp, Inv, @ on points, Jinvp, Act) and gradients through them")
# def pypose_lietensor_ops():
#     import pypose as pp

#     def f(x, pts):
#         X = pp.se3(x).Exp()
#         Y = X.Inv() @ X
#         r = pp.randn_SO3(4)
#         p = X.Act(pts) + r.Act(pts)
#         j = X.Jinvp(pp.se3(x))
#         loss = p.sum() + Y.Log().tensor().sum() + j.tensor().sum()
#         loss.backward()
#         return p.detach(), X.matrix().detach(), X.translation().detach(), r.euler()
#     return f, (torch.randn(4, 6, requires_grad=True), torch.randn(4, 3))


# @entry("pypose", "docstring: pose inversion with pp.optim.LM (Adaptive damping strategy) and GN, 3 steps each")
# def pypose_lm_gauss_newton():
#     import pypose as pp

#     class PoseInv(torch.nn.Module):
#         def __init__(self, *dim):
#             super().__init__()
#             self.pose = pp.Parameter(pp.randn_se3(*dim))

#         def forward(self, input):
#             return (self.pose.Exp() @ input).Log()
#     lm_model, gn_model = PoseInv(2, 2), PoseInv(2, 2)
#     lm = pp.optim.LM(lm_model, strategy=pp.optim.strategy.Adaptive(damping=1e-6))
#     gn = pp.optim.GN(gn_model)
#     inp = pp.randn_SE3(2, 2)

#     def f(inp):
#         errs = []
#         for _ in range(3):
#             errs.append(lm.step(inp))
#             errs.append(gn.step(inp))
#         return torch.stack([torch.as_tensor(e) for e in errs])
#     return f, (inp,)


# @entry("pypose", "docstrings: IMUPreintegrator over 10 IMU samples, and an EKF on a NLS model for 4 steps")
# def pypose_imu_ekf():
#     import pypose as pp
#     integrator = pp.module.IMUPreintegrator(torch.zeros(3), pp.identity_SO3(), torch.zeros(3), reset=True)

#     class NLS(pp.module.NLS):
#         def state_transition(self, state, input, t=None):
#             return state.cos() + input

#         def observation(self, state, input, t=None):
#             return state.sin() + input
#     model = NLS()
#     ekf = pp.module.EKF(model)
#     N = 2
#     Q, R = torch.eye(N) * 0.01, torch.eye(N) * 0.01

#     def f(dt, gyro, acc, inputs, observ):
#         states = integrator(dt, gyro, acc)
#         est, P = torch.zeros(N), torch.eye(N) * 100
#         for i in range(4):
#             est, P = ekf(est, observ[i], inputs[i], P, Q, R)
#         return states["pos"], states["rot"].tensor(), est, P
#     return f, (torch.full((1, 10, 1), 0.01), 0.1 * torch.randn(1, 10, 3), torch.randn(1, 10, 3),
#                torch.randn(4, N), torch.randn(4, N))


# ============================================================== came-pytorch ==
# held-out set 8. came-pytorch (CAME, confidence-guided memory-efficient optimizer, ACL 2023), README settings.
@entry("came-pytorch", "README: CAME(lr=2e-4, weight_decay=1e-2, betas=(0.9, 0.999, 0.9999), eps=(1e-30, 1e-16)) steps on a conv + linear model")
def came_training_steps():
    from came_pytorch import CAME
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.ReLU(), torch.nn.Flatten(), torch.nn.Linear(8 * 6 * 6, 5))
    opt = CAME(model.parameters(), lr=2e-4, weight_decay=1e-2, betas=(0.9, 0.999, 0.9999), eps=(1e-30, 1e-16))

    def f(x, y):
        for _ in range(2):
            loss = torch.nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        return loss.detach()
    return f, (torch.randn(4, 3, 8, 8), torch.tensor([0, 1, 2, 3]))


# ========================================================== info-nce-pytorch ==
# held-out set 8. info-nce-pytorch (InfoNCE contrastive loss), as in its README.
@entry("info-nce-pytorch", "README: InfoNCE() with in-batch negatives, negative_mode='unpaired' and 'paired', reduction='none', backward")
def info_nce_modes():
    from info_nce import InfoNCE, info_nce
    unpaired = InfoNCE(negative_mode="unpaired")
    paired = InfoNCE(temperature=0.2, negative_mode="paired")

    def f(q, pos, neg, neg_paired):
        a = InfoNCE()(q, pos)
        b = unpaired(q, pos, neg)
        c = paired(q, pos, neg_paired)
        d = info_nce(q, pos, reduction="none")
        (a + b + c + d.mean()).backward()
        return a.detach(), b.detach(), c.detach(), d.detach()
    return f, (torch.randn(4, 16, requires_grad=True), torch.randn(4, 16), torch.randn(6, 16), torch.randn(4, 3, 16))


# ======================================================= fast-pytorch-kmeans ==
# held-out set 8. fast-pytorch-kmeans, as in its README: KMeans fit_predict (euclidean, cosine,
# minibatch) and MultiKMeans.
@entry("fast-pytorch-kmeans", "README: KMeans(n_clusters=4, mode='euclidean') fit_predict and predict; cosine mode with kmeans++ init")
def fast_kmeans_fit_predict():
    from fast_pytorch_kmeans import KMeans

    def f(x, x_new):
        km = KMeans(n_clusters=4, mode="euclidean", verbose=0, max_iter=20)
        labels = km.fit_predict(x)
        km2 = KMeans(n_clusters=3, mode="cosine", init_method="kmeans++", max_iter=20)
        return labels, km.predict(x_new), km2.fit_predict(x), km.centroids
    return f, (torch.randn(64, 5), torch.randn(8, 5))


@entry("fast-pytorch-kmeans", "README: minibatch KMeans(minibatch=16) fit, and MultiKMeans(n_clusters=3) fit_predict on 2 batched data sets")
def fast_kmeans_minibatch_multi():
    from fast_pytorch_kmeans import KMeans, MultiKMeans

    def f(x, xs):
        km = KMeans(n_clusters=4, mode="euclidean", minibatch=16, max_iter=10)
        km.fit(x)
        mkm = MultiKMeans(n_clusters=3, mode="euclidean", max_iter=10)
        return km.predict(x), mkm.fit_predict(xs)
    return f, (torch.randn(64, 4), torch.randn(2, 32, 4))


# ==== held-out set 8, second batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "POT": {"dirs": ["ot"], "split": "dev"},
    "torch-optimi": {"dirs": ["optimi"], "split": "dev"},
    "point-transformer-pytorch": {"dirs": ["point_transformer_pytorch"], "split": "dev"},
    "ttach": {"dirs": ["ttach"], "split": "dev"},
    "linformer": {"dirs": ["linformer"], "split": "dev"},
})


# ======================================================================= POT ==
# held-out set 8. POT (Python Optimal Transport) on the torch backend, as in its README and its
# "backend" / gradient examples: cost matrices, exact and entropic OT losses with gradients, sliced
# Wasserstein, unbalanced OT, barycenters, Gromov-Wasserstein.
@entry("POT", "README: ot.dist + ot.emd2 (exact Wasserstein loss) and ot.sinkhorn2 (entropic) on torch tensors, gradient w.r.t. source points")
def pot_wasserstein_losses():
    import ot

    def f(xs, xt):
        a = torch.full((xs.shape[0],), 1.0 / xs.shape[0], dtype=torch.float64)
        b = torch.full((xt.shape[0],), 1.0 / xt.shape[0], dtype=torch.float64)
        M = ot.dist(xs, xt)
        w = ot.emd2(a, b, M)
        s = ot.sinkhorn2(a, b, M, reg=1.0)
        (w + s).backward()
        return w.detach(), s.detach(), xs.grad
    return f, (torch.randn(8, 2, dtype=torch.float64, requires_grad=True), torch.randn(10, 2, dtype=torch.float64) + 1)


@entry("POT", "ot.sinkhorn (plan, log=True, sinkhorn_log method) + ot.emd plan + ot.unbalanced.sinkhorn_unbalanced + ot.sliced_wasserstein_distance")
def pot_plans_sliced_unbalanced():
    import ot

    def f(xs, xt):
        a, b = ot.unif(xs.shape[0], type_as=xs), ot.unif(xt.shape[0], type_as=xt)
        M = ot.dist(xs, xt, metric="sqeuclidean")
        M = M / M.max()
        G, log = ot.sinkhorn(a, b, M, reg=0.1, method="sinkhorn_log", log=True)
        G0 = ot.emd(a, b, M)
        Gu = ot.unbalanced.sinkhorn_unbalanced(a, b, M, reg=0.1, reg_m=1.0)
        sw = ot.sliced_wasserstein_distance(xs, xt, a, b, n_projections=20, seed=0)
        return G, log["niter"], G0, Gu, sw
    return f, (torch.randn(12, 3), torch.randn(9, 3) + 0.5)


@entry("POT", "entropic ot.bregman.barycenter of 1-D histograms and ot.gromov.entropic_gromov_wasserstein between two point clouds")
def pot_barycenter_gromov():
    import ot
    n = 20
    x = torch.arange(n, dtype=torch.float64)
    M = ot.dist(x.reshape(-1, 1), x.reshape(-1, 1))
    M = M / M.max()

    def gauss(m, s):
        h = torch.exp(-(x - m) ** 2 / (2 * s ** 2))
        return h / h.sum()
    A = torch.stack([gauss(5, 2), gauss(14, 3)], dim=1)

    def f(A, p1, p2):
        bary = ot.bregman.barycenter(A, M, reg=1e-2, weights=torch.tensor([0.5, 0.5], dtype=torch.float64))
        C1, C2 = ot.dist(p1, p1), ot.dist(p2, p2)
        C1, C2 = C1 / C1.max(), C2 / C2.max()
        gw = ot.gromov.entropic_gromov_wasserstein(C1, C2, ot.unif(8, type_as=C1), ot.unif(6, type_as=C2),
                                                    loss_fun="square_loss", epsilon=5e-2, max_iter=20)
        return bary, gw
    return f, (A, torch.randn(8, 2, dtype=torch.float64), torch.randn(6, 3, dtype=torch.float64))


# ============================================================== torch-optimi ==
# held-out set 8. torch-optimi (optimi: fast, low-precision PyTorch optimizers), as in its README / docs.
@entry("torch-optimi", "README: AdamW, StableAdamW, Lion and Adan training steps (float32, param_groups_weight_decay)")
def optimi_fp32_steps():
    from optimi import Adan, AdamW, Lion, StableAdamW, param_groups_weight_decay
    models = [torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.LayerNorm(16), torch.nn.ReLU(), torch.nn.Linear(16, 2))
              for _ in range(4)]
    opts = [AdamW(param_groups_weight_decay(models[0], weight_decay=1e-2), lr=1e-3),
            StableAdamW(models[1].parameters(), lr=1e-3, weight_decay=1e-2),
            Lion(models[2].parameters(), lr=1e-4, weight_decay=1e-2),
            Adan(models[3].parameters(), lr=1e-3)]

    def f(x, y):
        losses = []
        for m, o in zip(models, opts):
            loss = torch.nn.functional.cross_entropy(m(x), y)
            loss.backward()
            o.step()
            o.zero_grad()
            losses.append(loss.detach())
        return torch.stack(losses)
    return f, (torch.randn(6, 8), torch.tensor([0, 1, 0, 1, 1, 0]))


@entry("torch-optimi", "README: bfloat16 model with Kahan summation (AdamW kahan_sum=True, Ranger, RAdam), to_low_precision")
def optimi_bf16_kahan():
    from optimi import AdamW, RAdam, Ranger, to_low_precision
    models = [torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.GELU(), torch.nn.Linear(16, 1)) for _ in range(3)]
    for m in models:
        to_low_precision(m, dtype=torch.bfloat16)
    opts = [AdamW(models[0].parameters(), lr=1e-3, kahan_sum=True),
            Ranger(models[1].parameters(), lr=1e-3),
            RAdam(models[2].parameters(), lr=1e-3, weight_decay=1e-2, decouple_lr=True)]

    def f(x, y):
        out = []
        for m, o in zip(models, opts):
            loss = torch.nn.functional.mse_loss(m(x).float(), y)
            loss.backward()
            o.step()
            o.zero_grad()
            out.append(loss.detach())
        return torch.stack(out)
    return f, (torch.randn(4, 8, dtype=torch.bfloat16), torch.randn(4, 1))


@entry("torch-optimi", "README: gradient release (prepare_for_gradient_release, optimizer steps during backward) with SGD, and optimizer accumulation with Adam")
def optimi_gradient_release():
    from optimi import SGD, Adam, prepare_for_gradient_release
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    opt = SGD(model.parameters(), lr=1e-2, momentum=0.9, gradient_release=True)
    prepare_for_gradient_release(model, opt)
    model2 = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    opt2 = Adam(model2.parameters(), lr=1e-3, gradient_release=True)
    prepare_for_gradient_release(model2, opt2)

    def f(x, y):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad()
        opt2.optimizer_accumulation = True
        for i in range(2):
            if i == 1:
                opt2.optimizer_accumulation = False
            l2 = torch.nn.functional.cross_entropy(model2(x[i::2]), y[i::2])
            l2.backward()
        opt2.step()
        opt2.zero_grad()
        return loss.detach(), l2.detach()
    return f, (torch.randn(4, 8), torch.tensor([0, 1, 2, 0]))


# ================================================= point-transformer-pytorch ==
# held-out set 8. point-transformer-pytorch (lucidrains, Point Transformer layers), as in its README.
@entry("point-transformer-pytorch", "README: PointTransformerLayer on point features and positions with a mask, and with num_neighbors=4; backward")
def point_transformer_layer():
    from point_transformer_pytorch import PointTransformerLayer
    attn = PointTransformerLayer(dim=32, pos_mlp_hidden_dim=16, attn_mlp_hidden_mult=2)
    attn_knn = PointTransformerLayer(dim=32, pos_mlp_hidden_dim=16, attn_mlp_hidden_mult=2, num_neighbors=4)

    def f(feats, pos, mask):
        out = attn(feats, pos, mask=mask) + attn_knn(feats, pos, mask=mask)
        out.sum().backward()
        return out.detach()
    mask = torch.ones(2, 12).bool()
    mask[1, 9:] = False
    return f, (torch.randn(2, 12, 32), torch.randn(2, 12, 3), mask)


@entry("point-transformer-pytorch", "README: MultiheadPointTransformerLayer (heads=4, num_neighbors=4) in a point-cloud classifier training step")
def point_transformer_multihead_step():
    from point_transformer_pytorch import MultiheadPointTransformerLayer
    embed = torch.nn.Linear(3, 32)
    layers = torch.nn.ModuleList([MultiheadPointTransformerLayer(dim=32, heads=4, dim_head=8, pos_mlp_hidden_dim=16,
                                                                 attn_mlp_hidden_mult=2, num_neighbors=4) for _ in range(2)])
    head = torch.nn.Linear(32, 5)
    params = list(embed.parameters()) + list(layers.parameters()) + list(head.parameters())
    opt = torch.optim.Adam(params, lr=1e-3)

    def f(pos, y):
        h = embed(pos)
        for layer in layers:
            h = h + layer(h, pos)
        loss = torch.nn.functional.cross_entropy(head(h.mean(1)), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(3, 10, 3), torch.tensor([0, 3, 4]))


# ===================================================================== ttach ==
# held-out set 8. ttach (test-time augmentation for PyTorch), as in its README.
class _SegNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 2, 3, padding=1)

    def forward(self, x):
        return self.conv(x)


@entry("ttach", "README: SegmentationTTAWrapper(d4_transform, merge_mode='mean') and ClassificationTTAWrapper(flip_transform, 'gmean') / (five_crop_transform), eval")
def ttach_wrappers():
    import ttach as tta
    seg = _SegNet().eval()
    clf = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(),
                              torch.nn.Linear(4, 3), torch.nn.Softmax(-1)).eval()
    seg_tta = tta.SegmentationTTAWrapper(seg, tta.aliases.d4_transform(), merge_mode="mean")
    clf_tta = tta.ClassificationTTAWrapper(clf, tta.aliases.flip_transform(), merge_mode="gmean")
    crop_tta = tta.ClassificationTTAWrapper(clf, tta.aliases.five_crop_transform(12, 12))

    def f(img):
        with torch.no_grad():
            return seg_tta(img), clf_tta(img), crop_tta(img)
    return f, (torch.rand(2, 3, 16, 16),)


@entry("ttach", "README: manual loop over tta.Compose([HorizontalFlip, Rotate90([0, 180]), Scale([1, 2]), Multiply([0.9, 1, 1.1])]) with augment_image / deaugment_mask")
def ttach_compose_loop():
    import ttach as tta
    model = _SegNet().eval()
    transforms = tta.Compose([tta.HorizontalFlip(), tta.Rotate90(angles=[0, 180]), tta.Scale(scales=[1, 2]),
                              tta.Multiply(factors=[0.9, 1, 1.1])])

    def f(image):
        masks = []
        with torch.no_grad():
            for transformer in transforms:
                augmented = transformer.augment_image(image)
                out = model(augmented)
                masks.append(transformer.deaugment_mask(out))
        return torch.stack(masks).mean(0)
    return f, (torch.rand(1, 3, 8, 8),)


# ================================================================= linformer ==
# held-out set 8. linformer (lucidrains, Linformer self-attention with linear complexity), as in its README.
@entry("linformer", "README: LinformerLM (one_kv_head, reversible) training loss backward, and Linformer (share_kv) on embeddings")
def linformer_lm_step():
    from linformer import Linformer, LinformerLM
    lm = LinformerLM(num_tokens=64, dim=32, seq_len=16, depth=2, heads=4, dim_head=8, k=8, one_kv_head=True,
                     share_kv=False, reversible=True)
    enc = Linformer(dim=32, seq_len=16, depth=1, heads=4, k=8, one_kv_head=True, share_kv=True)
    opt = torch.optim.Adam(lm.parameters(), lr=1e-3)

    def f(tokens, x):
        logits = lm(tokens)
        loss = torch.nn.functional.cross_entropy(logits.transpose(1, 2), tokens)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach(), enc(x)
    return f, (torch.randint(0, 64, (2, 16)), torch.randn(2, 16, 32))


@entry("linformer", "README: LinformerSelfAttention (share_kv) self-attention and cross-attention on a context, eval")
def linformer_self_attention():
    from linformer import LinformerSelfAttention
    attn = LinformerSelfAttention(dim=32, seq_len=16, heads=4, k=8, one_kv_head=True, share_kv=True).eval()

    def f(x, ctx):
        with torch.no_grad():
            return attn(x), attn(x, context=ctx)
    return f, (torch.randn(2, 16, 32), torch.randn(2, 16, 32))


# ==== held-out set 8, third batch (chosen 2026-11-21 by a helper blind to graphlint, see README.md)
PACKAGES.update({
    "funsor": {"dirs": ["funsor"], "split": "dev"},
    "diffsort": {"dirs": ["diffsort"], "split": "dev"},
    "torchbearer": {"dirs": ["torchbearer"], "split": "dev"},
    "torch-pruning": {"dirs": ["torch_pruning"], "split": "dev"},
    "tntorch": {"dirs": ["tntorch"], "split": "dev"},
})


# ==================================================================== funsor ==
# held-out set 8. funsor (Pyro team, functional tensors for probabilistic programming) on the torch
# backend, as in its examples (kalman_filter.py, discrete HMM forward algorithm).
@entry("funsor", "examples/kalman_filter.py: Gaussian random-walk log-likelihood with funsor.torch.distributions.Normal, reduce(logaddexp) over latent states, backward")
def funsor_kalman_filter():
    import funsor
    import funsor.ops as ops
    import funsor.torch.distributions as dist
    funsor.set_backend("torch")

    def f(trans_noise, emit_noise, data):
        log_prob = funsor.Tensor(torch.tensor(0.0))
        x_curr = funsor.Tensor(torch.tensor(0.0))
        for t, y in enumerate(data):
            x_prev = x_curr
            x_curr = funsor.Variable("x_{}".format(t), funsor.Real)
            log_prob += dist.Normal(1 + x_prev / 2.0, trans_noise, value=x_curr)
            if isinstance(x_prev, funsor.Variable):
                log_prob = log_prob.reduce(ops.logaddexp, x_prev.name)
            log_prob += dist.Normal(x_curr, emit_noise, value=y)
        log_prob = log_prob.reduce(ops.logaddexp)
        loss = -log_prob.data
        loss.backward()
        return loss.detach(), trans_noise.grad
    return f, (torch.tensor(0.5, requires_grad=True), torch.tensor(0.3, requires_grad=True), torch.randn(5))


@entry("funsor", "discrete HMM forward algorithm: funsor.Tensor with Bint inputs, Categorical transitions / emissions, reduce(logaddexp) per step, and sequential_sum_product")
def funsor_discrete_hmm():
    from collections import OrderedDict
    import funsor
    import funsor.ops as ops
    from funsor.domains import Bint
    from funsor.sum_product import sequential_sum_product
    funsor.set_backend("torch")
    S, T = 3, 6

    def f(trans_logits, emit_logits, obs):
        trans = funsor.Tensor(trans_logits.log_softmax(-1), OrderedDict(x_prev=Bint[S], x_curr=Bint[S]))
        emit = funsor.Tensor(emit_logits.log_softmax(-1), OrderedDict(x_curr=Bint[S]))
        log_prob = funsor.Tensor(torch.zeros(S), OrderedDict(x_prev=Bint[S]))
        for t in range(T):
            step = trans + funsor.Tensor(emit_logits.log_softmax(-1)[:, obs[t]], OrderedDict(x_curr=Bint[S]))
            log_prob = (log_prob + step).reduce(ops.logaddexp, "x_prev")(x_curr="x_prev")
        total = log_prob.reduce(ops.logaddexp)
        seq = funsor.Tensor(trans_logits.log_softmax(-1).expand(T, S, S), OrderedDict(time=Bint[T], x_prev=Bint[S], x_curr=Bint[S]))
        chain = sequential_sum_product(ops.logaddexp, ops.add, seq, funsor.Variable("time", Bint[T]), {"x_prev": "x_curr"})
        return total.data, chain.reduce(ops.logaddexp).data, emit.data.shape
    return f, (torch.randn(S, S), torch.randn(S, 4), torch.randint(0, 4, (T,)).tolist())


# ================================================================== diffsort ==
# held-out set 8. diffsort (Petersen et al., differentiable sorting networks), as in its README and its
# ranking experiments.
@entry("diffsort", "README: DiffSortNet('bitonic', 8, steepness=5) and DiffSortNet('odd_even', 6, art_lambda=0.25) on random vectors, eval")
def diffsort_networks():
    from diffsort import DiffSortNet
    bitonic = DiffSortNet("bitonic", 8, steepness=5)
    odd_even = DiffSortNet("odd_even", 6, steepness=10, art_lambda=0.25, distribution="logistic")

    def f(v8, v6):
        with torch.no_grad():
            s8, p8 = bitonic(v8)
            s6, p6 = odd_even(v6)
        return s8, p8, s6, p6
    return f, (torch.randn(4, 8), torch.randn(4, 6))


@entry("diffsort", "ranking training step: scorer MLP -> DiffSortNet('odd_even', 5) permutation matrices, BCE against the true permutation, Adam")
def diffsort_ranking_step():
    from diffsort import DiffSortNet
    sorter = DiffSortNet("odd_even", 5, steepness=8, distribution="cauchy")
    scorer = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
    opt = torch.optim.Adam(scorer.parameters(), lr=1e-3)

    def f(items, keys):
        scores = scorer(items).squeeze(-1)
        _, perm_pred = sorter(scores)
        perm_true = torch.nn.functional.one_hot(torch.argsort(keys, dim=-1), 5).transpose(-2, -1).float()
        loss = torch.nn.functional.binary_cross_entropy(perm_pred.clamp(0, 1), perm_true)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(3, 5, 4), torch.randn(3, 5))


# =============================================================== torchbearer ==
# held-out set 8. torchbearer (model fitting library), as in its README / docs: Trial with metrics,
# train / validation data, run, evaluate and predict, and callbacks.
@entry("torchbearer", "README: Trial(model, optimizer, loss, metrics=['acc', 'loss']).with_train_data(...).with_val_data(...).run(epochs=1)")
def torchbearer_trial_run():
    import torchbearer
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    trial = torchbearer.Trial(model, opt, torch.nn.CrossEntropyLoss(), metrics=["acc", "loss"]).to("cpu")
    x, y = torch.randn(16, 6), torch.randint(0, 3, (16,))
    trial.with_train_data(x, y, batch_size=8, num_workers=0).with_val_data(x[:8], y[:8], batch_size=4, num_workers=0)

    def f():
        return trial.run(epochs=1, verbose=0)
    return f, ()


@entry("torchbearer", "Trial with callbacks (GradientClipping, on_step_training decorator) and extra metrics; evaluate on test data and predict")
def torchbearer_callbacks_evaluate():
    import torchbearer
    from torchbearer import callbacks
    model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=1e-2)
    seen = []

    @callbacks.on_step_training
    def record(state):
        seen.append(state[torchbearer.LOSS].detach())
    trial = torchbearer.Trial(model, opt, torch.nn.MSELoss(), metrics=["mse", "loss"],
                              callbacks=[callbacks.GradientClipping(1.0), record]).to("cpu")
    x, y = torch.randn(12, 5), torch.randn(12, 1)
    trial.with_train_data(x, y, batch_size=4, num_workers=0).with_val_data(x, y, batch_size=6, num_workers=0)
    trial.with_test_data(x, batch_size=6, num_workers=0)

    def f():
        trial.run(epochs=1, verbose=0)
        return trial.evaluate(verbose=0, data_key=torchbearer.VALIDATION_DATA), trial.predict(verbose=0)
    return f, ()


# ============================================================= torch-pruning ==
# held-out set 8. torch-pruning (VainF, structural pruning with dependency graphs), as in its README:
# low-level DependencyGraph pruning groups and the high-level MetaPruner, then fine-tuning steps.
class _PruneNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.bn1 = torch.nn.BatchNorm2d(8)
        self.conv2 = torch.nn.Conv2d(8, 8, 3, padding=1)
        self.bn2 = torch.nn.BatchNorm2d(8)
        self.fc = torch.nn.Linear(8, 4)

    def forward(self, x):
        h = torch.relu(self.bn1(self.conv1(x)))
        h = h + torch.relu(self.bn2(self.conv2(h)))
        return self.fc(h.mean(dim=(2, 3)))


@entry("torch-pruning", "README: DependencyGraph.build_dependency + get_pruning_group(conv1, prune_conv_out_channels, idxs) + check + prune, then a forward")
def torch_pruning_dependency_graph():
    import torch_pruning as tp

    def f(x):
        model = _PruneNet().eval()
        DG = tp.DependencyGraph().build_dependency(model, example_inputs=x)
        group = DG.get_pruning_group(model.conv1, tp.prune_conv_out_channels, idxs=[2, 6])
        if DG.check_pruning_group(group):
            group.prune()
        return model(x), model.conv2.weight.shape
    return f, (torch.randn(1, 3, 8, 8),)


@entry("torch-pruning", "README: MetaPruner(GroupMagnitudeImportance(p=2), pruning_ratio=0.5, ignored_layers=[fc]) step, parameter count, then an SGD fine-tuning step")
def torch_pruning_meta_pruner():
    import torch_pruning as tp

    def f(x, y):
        model = _PruneNet()
        imp = tp.importance.GroupMagnitudeImportance(p=2)
        pruner = tp.pruner.MetaPruner(model, x[:1], importance=imp, pruning_ratio=0.5, ignored_layers=[model.fc])
        pruner.step()
        nparams = sum(p.numel() for p in model.parameters())
        opt = torch.optim.SGD(model.parameters(), lr=0.01)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach(), nparams
    return f, (torch.randn(4, 3, 8, 8), torch.tensor([0, 1, 2, 3]))


# =================================================================== tntorch ==
# held-out set 8. tntorch (tensor networks: TT / Tucker / CP tensors), as in its README and tutorials.
@entry("tntorch", "README: tn.Tensor(full, ranks_tt=3) TT-SVD, element access, norm, dot, relative_error, round_tt; tn.rand with ranks_tt")
def tntorch_decompositions():
    import tntorch as tn

    def f(full):
        t = tn.Tensor(full, ranks_tt=3)
        r = tn.rand([6] * 4, ranks_tt=2)
        tucker = tn.Tensor(full, ranks_tucker=2)
        s = t + r
        s.round_tt(eps=1e-6)
        return (t[0, 1, 2, 3], tn.norm(t), tn.dot(t, r), tn.relative_error(full, t), s.torch(),
                tucker.torch(), tn.mean(t))
    return f, (torch.randn(6, 6, 6, 6),)


@entry("tntorch", "tutorial: learning a TT tensor by gradient descent with tn.optimize (Adam) on relative error, and CP-rank tensor ops")
def tntorch_optimize():
    import tntorch as tn
    gt = tn.rand([5] * 3, ranks_tt=2)

    def f():
        t = tn.rand([5] * 3, ranks_tt=2, requires_grad=True)

        def loss(t):
            return tn.relative_error(gt, t) ** 2
        tn.optimize(t, loss, max_iter=5, verbose=False)
        cp = tn.Tensor(gt.torch(), ranks_cp=2, max_iter=5)
        return t.torch().detach(), cp.torch(), tn.sum(cp)
    return f, ()


# ---- held-out set 9 (chosen 2026-11-21 by a helper blind to graphlint; see README.md, "Held-out set 9")
PACKAGES.update({
    # "pymanopt": {"dirs": ["pymanopt"], "split": "dev"},  # dropped: compile-error (see README.md, set 9)
    "mixture-of-experts": {"dirs": ["mixture_of_experts"], "split": "dev"},
    "soft-moe-pytorch": {"dirs": ["soft_moe_pytorch"], "split": "dev"},
    "kmeans-pytorch": {"dirs": ["kmeans_pytorch"], "split": "dev"},
    "routing-transformer": {"dirs": ["routing_transformer"], "split": "dev"},
    "thop": {"dirs": ["thop"], "split": "dev"},
})


# ================================================================== pymanopt ==
# held-out set 9. pymanopt (Riemannian optimization) with its PyTorch autodiff backend, as in its
# README / docs examples (dominant eigenvector on the sphere, low-rank / Stiefel problems).
# @entry("pymanopt", "README: dominant eigenvector with @pymanopt.function.pytorch(Sphere) cost, Problem, SteepestDescent and TrustRegions")
# def pymanopt_sphere_eigenvector():
#     import pymanopt
#     n = 6
#     a = torch.randn(n, n, dtype=torch.float64)
#     matrix = a + a.T
#     manifold = pymanopt.manifolds.Sphere(n)

#     @pymanopt.function.pytorch(manifold)
#     def cost(point):
#         return -point @ matrix @ point

#     problem = pymanopt.Problem(manifold, cost)

#     def f():
#         sd = pymanopt.optimizers.SteepestDescent(verbosity=0, max_iterations=10)
#         tr = pymanopt.optimizers.TrustRegions(verbosity=0, max_iterations=3)
#         return sd.run(problem).point, tr.run(problem).point
#     return f, ()


# @entry("pymanopt", "docs examples: Stiefel PCA cost and Grassmann problem with pytorch backend, ConjugateGradient")
# def pymanopt_stiefel_pca():
#     import pymanopt
#     x = torch.randn(20, 5, dtype=torch.float64)
#     stiefel = pymanopt.manifolds.Stiefel(5, 2)
#     grass = pymanopt.manifolds.Grassmann(5, 2)

#     @pymanopt.function.pytorch(stiefel)
#     def pca_cost(w):
#         return torch.norm(x - x @ w @ w.T) ** 2

#     @pymanopt.function.pytorch(grass)
#     def grass_cost(w):
#         return -torch.trace(w.T @ x.T @ x @ w)

#     def f():
#         cg = pymanopt.optimizers.ConjugateGradient(verbosity=0, max_iterations=10)
#         r1 = cg.run(pymanopt.Problem(stiefel, pca_cost))
#         r2 = cg.run(pymanopt.Problem(grass, grass_cost))
#         return r1.point, r1.cost, r2.point
#     return f, ()


# ======================================================== mixture-of-experts ==
# held-out set 9. mixture-of-experts (lucidrains, sparsely-gated MoE with top-2 gating), as in its README.
@entry("mixture-of-experts", "README: MoE(dim, num_experts=4, second_policy 'random', capacity factors) forward + aux loss backward, training mode")
def mixture_of_experts_moe():
    from mixture_of_experts import MoE
    moe = MoE(dim=16, num_experts=4, hidden_dim=32, activation=torch.nn.LeakyReLU, second_policy_train="random",
              second_policy_eval="random", second_threshold_train=0.2, second_threshold_eval=0.2,
              capacity_factor_train=1.25, capacity_factor_eval=2.0, loss_coef=1e-2)

    def f(x):
        out, aux_loss = moe(x)
        (out.sum() + aux_loss).backward()
        return out.detach(), aux_loss.detach()
    return f, (torch.randn(2, 32, 16),)


@entry("mixture-of-experts", "README: HeirarchicalMoE(dim, num_experts=(2, 2)) forward in eval")
def mixture_of_experts_hierarchical():
    from mixture_of_experts import HeirarchicalMoE
    moe = HeirarchicalMoE(dim=16, num_experts=(2, 2)).eval()

    def f(x):
        with torch.no_grad():
            out, aux_loss = moe(x)
        return out, aux_loss
    return f, (torch.randn(2, 32, 16),)


# ========================================================== soft-moe-pytorch ==
# held-out set 9. soft-moe-pytorch (lucidrains, Soft MoE from "From Sparse to Soft Mixtures of Experts"),
# as in its README.
@entry("soft-moe-pytorch", "README: SoftMoE(dim, seq_len, num_experts) residual forward + backward, and SoftMoE(num_slots, geglu) with a mask")
def soft_moe_pytorch_soft_moe():
    from soft_moe_pytorch import SoftMoE
    moe = SoftMoE(dim=16, seq_len=32, num_experts=4)
    moe_slots = SoftMoE(dim=16, num_slots=4, num_experts=2, geglu=True)

    def f(x, mask):
        out = moe(x) + x
        out.sum().backward()
        out2 = moe_slots(x, mask=mask)
        return out.detach(), out2.detach()
    return f, (torch.randn(2, 32, 16), torch.arange(32).expand(2, 32) < torch.tensor([[20], [32]]))


@entry("soft-moe-pytorch", "README: DynamicSlotsSoftMoE(dim, num_experts, geglu) forward with and without a mask, eval")
def soft_moe_pytorch_dynamic_slots():
    from soft_moe_pytorch import DynamicSlotsSoftMoE
    moe = DynamicSlotsSoftMoE(dim=16, num_experts=4, geglu=True).eval()

    def f(x, mask):
        with torch.no_grad():
            return moe(x), moe(x, mask=mask)
    return f, (torch.randn(2, 30, 16), torch.arange(30).expand(2, 30) < torch.tensor([[24], [30]]))


# ============================================================ kmeans-pytorch ==
# held-out set 9. kmeans-pytorch (k-means on PyTorch tensors), as in its README.
@entry("kmeans-pytorch", "README: kmeans(X, num_clusters, distance='euclidean') then kmeans_predict on new points")
def kmeans_pytorch_euclidean():
    from kmeans_pytorch import kmeans, kmeans_predict

    def f(x, y):
        cluster_ids_x, cluster_centers = kmeans(X=x, num_clusters=3, distance="euclidean", device=torch.device("cpu"))
        cluster_ids_y = kmeans_predict(y, cluster_centers, "euclidean", device=torch.device("cpu"))
        return cluster_ids_x, cluster_centers, cluster_ids_y
    return f, (torch.randn(60, 2), torch.randn(10, 2))


@entry("kmeans-pytorch", "README: kmeans with distance='cosine' and tol, kmeans_predict cosine")
def kmeans_pytorch_cosine():
    from kmeans_pytorch import kmeans, kmeans_predict

    def f(x, y):
        ids, centers = kmeans(X=x, num_clusters=4, distance="cosine", tol=1e-3, device=torch.device("cpu"))
        return ids, centers, kmeans_predict(y, centers, "cosine", device=torch.device("cpu"))
    return f, (torch.randn(80, 5), torch.randn(12, 5))


# ======================================================= routing-transformer ==
# held-out set 9. routing-transformer (lucidrains, Routing Transformer: k-means routed sparse attention),
# as in its README.
@entry("routing-transformer", "README: causal RoutingTransformerLM (local heads) in AutoregressiveWrapper, return_loss backward, generate")
def routing_transformer_lm():
    from routing_transformer import RoutingTransformerLM, AutoregressiveWrapper
    model = RoutingTransformerLM(num_tokens=64, dim=32, heads=4, dim_head=8, depth=2, max_seq_len=64, causal=True,
                                 window_size=16, n_local_attn_heads=2)
    model = AutoregressiveWrapper(model)

    def f(x):
        loss = model(x, return_loss=True)  # the wrapper adds the k-means aux loss
        loss.backward()
        with torch.no_grad():
            sample = model.generate(x[:, :4], 4)
        return loss.detach(), sample
    return f, (torch.randint(0, 64, (2, 65)),)


@entry("routing-transformer", "README: RoutingTransformerEncDec (non-causal encoder, causal decoder) return_loss backward, and a non-causal RoutingTransformerLM with input_mask, eval")
def routing_transformer_enc_dec():
    from routing_transformer import RoutingTransformerEncDec, RoutingTransformerLM
    enc_dec = RoutingTransformerEncDec(enc_num_tokens=64, enc_depth=1, enc_heads=4, enc_max_seq_len=32, enc_window_size=16,
                                       dec_num_tokens=64, dec_depth=1, dec_heads=4, dec_max_seq_len=32, dec_window_size=16,
                                       dim=32)
    lm = RoutingTransformerLM(num_tokens=64, dim=32, heads=4, depth=1, max_seq_len=32, window_size=16).eval()

    def f(src, tgt, mask):
        loss, aux_loss = enc_dec(src, tgt, return_loss=True)
        (loss + aux_loss).backward()
        with torch.no_grad():
            logits, _ = lm(src, input_mask=mask)
        return loss.detach(), logits
    return f, (torch.randint(0, 64, (2, 32)), torch.randint(0, 64, (2, 33)), torch.ones(2, 32, dtype=torch.bool))


# ====================================================================== thop ==
# held-out set 9. thop (THOP: PyTorch-OpCounter, MACs / parameter counts through forward hooks), as in its
# README.
@entry("thop", "README: profile(model, inputs=(x,)) of a small conv net, custom_ops for a user module, clever_format")
def thop_profile_convnet():
    from thop import profile, clever_format

    class Scale(torch.nn.Module):
        def forward(self, x):
            return x * 2

    def count_scale(m, x, y):
        m.total_ops += torch.DoubleTensor([int(y.numel())])

    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(),
                                torch.nn.MaxPool2d(2), Scale(), torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(),
                                torch.nn.Linear(8, 4))

    def f(x):
        macs, params = profile(model, inputs=(x,), custom_ops={Scale: count_scale}, verbose=False)
        return clever_format([macs, params], "%.3f")
    return f, (torch.randn(1, 3, 16, 16),)


@entry("thop", "README: profile of an LSTM / GRU sequence model and a transformer encoder layer")
def thop_profile_rnn():
    from thop import profile
    lstm = torch.nn.LSTM(8, 16, num_layers=2, batch_first=True)
    gru = torch.nn.GRU(8, 16, bidirectional=True)
    enc = torch.nn.TransformerEncoderLayer(d_model=16, nhead=2, dim_feedforward=32)

    def f(x, s):
        a = profile(lstm, inputs=(x,), verbose=False)
        b = profile(gru, inputs=(x.transpose(0, 1),), verbose=False)
        c = profile(enc, inputs=(s,), verbose=False)
        return a, b, c
    return f, (torch.randn(2, 5, 8), torch.randn(5, 2, 16))


# ---- held-out set 9, second batch
PACKAGES.update({
    "adam-mini": {"dirs": ["adam_mini"], "split": "dev"},
    "torch-kf": {"dirs": ["torch_kf"], "split": "dev"},
    "se3-transformer-pytorch": {"dirs": ["se3_transformer_pytorch"], "split": "dev"},
})


# ================================================================= adam-mini ==
# held-out set 9. adam-mini (Zhang et al., Adam-mini optimizer: one learning rate per parameter block),
# as in its README (named_parameters, dim, n_heads, n_kv_heads of a small decoder block).
@entry("adam-mini", "README: Adam_mini(model.named_parameters(), lr, betas, weight_decay, dim, n_heads, n_kv_heads) on a tiny attention + MLP LM, two training steps")
def adam_mini_transformer_steps():
    from adam_mini import Adam_mini

    class Block(torch.nn.Module):
        def __init__(self, dim=16, heads=2):
            super().__init__()
            self.heads = heads
            self.q_proj = torch.nn.Linear(dim, dim, bias=False)
            self.k_proj = torch.nn.Linear(dim, dim, bias=False)
            self.v_proj = torch.nn.Linear(dim, dim, bias=False)
            self.o_proj = torch.nn.Linear(dim, dim, bias=False)
            self.mlp = torch.nn.Sequential(torch.nn.Linear(dim, 4 * dim), torch.nn.GELU(), torch.nn.Linear(4 * dim, dim))
            self.norm = torch.nn.LayerNorm(dim)

        def forward(self, x):
            b, n, d = x.shape
            h = self.norm(x)
            q, k, v = (t.view(b, n, self.heads, -1).transpose(1, 2) for t in (self.q_proj(h), self.k_proj(h), self.v_proj(h)))
            a = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + self.o_proj(a.transpose(1, 2).reshape(b, n, d))
            return x + self.mlp(self.norm(x))

    class LM(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.embed_tokens = torch.nn.Embedding(32, 16)
            self.layers = torch.nn.ModuleList([Block(), Block()])
            self.lm_head = torch.nn.Linear(16, 32, bias=False)

        def forward(self, idx):
            x = self.embed_tokens(idx)
            for layer in self.layers:
                x = layer(x)
            return self.lm_head(x)

    model = LM()
    opt = Adam_mini(named_parameters=model.named_parameters(), lr=1e-3, betas=(0.9, 0.95), eps=1e-8,
                    weight_decay=0.1, dim=16, n_heads=2, n_kv_heads=2, verbose=False)

    def f(idx):
        for _ in range(2):
            logits = model(idx[:, :-1])
            loss = torch.nn.functional.cross_entropy(logits.reshape(-1, 32), idx[:, 1:].reshape(-1))
            opt.zero_grad()
            loss.backward()
            opt.step()
        return loss.detach()
    return f, (torch.randint(0, 32, (2, 9)),)


# ================================================================== torch-kf ==
# held-out set 9. torch-kf (batched Kalman filtering and RTS smoothing in PyTorch), as in its README.
@entry("torch-kf", "README: constant_kalman_filter(order=1, dim=2), GaussianState, kf.filter(return_all=True) over noisy tracks, rts_smooth")
def torch_kf_filter_smooth():
    from torch_kf import GaussianState
    from torch_kf.ckf import constant_kalman_filter
    kf = constant_kalman_filter(measurement_std=0.5, process_std=0.1, dim=2, order=1)

    def f(measures):
        n = measures.shape[1]
        state = GaussianState(torch.zeros(n, 4, 1), torch.eye(4).expand(n, 4, 4) * 10)
        states = kf.filter(state, measures, update_first=True, return_all=True)
        smoothed = kf.rts_smooth(states)
        return states.mean, smoothed.mean, smoothed.covariance
    return f, (torch.randn(12, 5, 2, 1).cumsum(0),)


@entry("torch-kf", "README: manual predict / project / update loop with KalmanFilter(F, H, Q, R, joseph_update=True) in float64, mahalanobis and log_likelihood of measures")
def torch_kf_manual_loop():
    from torch_kf import GaussianState, KalmanFilter
    dt = 1.0
    F = torch.tensor([[1.0, dt], [0.0, 1.0]], dtype=torch.float64)
    H = torch.tensor([[1.0, 0.0]], dtype=torch.float64)
    Q = torch.eye(2, dtype=torch.float64) * 0.01
    R = torch.eye(1, dtype=torch.float64) * 0.25
    kf = KalmanFilter(F, H, Q, R, joseph_update=True)

    def f(measures):
        state = GaussianState(torch.zeros(3, 2, 1, dtype=torch.float64), torch.eye(2, dtype=torch.float64).expand(3, 2, 2).clone())
        lls, dists = [], []
        for z in measures:
            state = kf.predict(state)
            proj = kf.project(state)
            lls.append(proj.log_likelihood(z))
            dists.append(proj.mahalanobis(z))
            state = kf.update(state, z, projection=proj)
        return state.mean, torch.stack(lls), torch.stack(dists)
    return f, (torch.randn(8, 3, 1, 1, dtype=torch.float64).cumsum(0),)


# =================================================== se3-transformer-pytorch ==
# held-out set 9. se3-transformer-pytorch (lucidrains, SE(3)-equivariant attention for point clouds /
# molecules), as in its README.
@entry("se3-transformer-pytorch", "README: SE3Transformer(dim, heads, depth, num_degrees, num_neighbors) on features, coordinates and a mask, backward")
def se3_transformer_pytorch_forward():
    os.environ.setdefault("CLEAR_CACHE", "1")  # no on-disk basis cache (same result on every run)
    from se3_transformer_pytorch import SE3Transformer
    model = SE3Transformer(dim=8, heads=2, depth=1, dim_head=4, num_degrees=2, num_neighbors=4, valid_radius=10)

    def f(feats, coors, mask):
        out = model(feats, coors, mask)
        out.sum().backward()
        return out.detach()
    return f, (torch.randn(1, 12, 8), torch.randn(1, 12, 3), torch.ones(1, 12, dtype=torch.bool))


# ---- held-out set 9, third batch
PACKAGES.update({
    "MEGABYTE-pytorch": {"dirs": ["MEGABYTE_pytorch"], "split": "dev"},
    "recurrent-memory-transformer-pytorch": {"dirs": ["recurrent_memory_transformer_pytorch"], "split": "dev"},
    "h-transformer-1d": {"dirs": ["h_transformer_1d"], "split": "dev"},
    "fvcore": {"dirs": ["fvcore"], "split": "dev"},
    "fft-conv-pytorch": {"dirs": ["fft_conv_pytorch"], "split": "dev"},
})


# ========================================================== MEGABYTE-pytorch ==
# held-out set 9. MEGABYTE-pytorch (lucidrains, multiscale byte-level transformer), as in its README.
@entry("MEGABYTE-pytorch", "README: MEGABYTE(num_tokens, dim=(32, 16), max_seq_len=(8, 4), depth=(1, 1)) return_loss backward, then eval logits")
def megabyte_pytorch_loss_generate():
    from MEGABYTE_pytorch import MEGABYTE
    model = MEGABYTE(num_tokens=32, dim=(32, 16), max_seq_len=(8, 4), depth=(1, 1), dim_head=8, heads=2)

    def f(x):
        loss = model(x, return_loss=True)
        loss.backward()
        with torch.no_grad():
            model.eval()
            logits = model(x)
            model.train()
        return loss.detach(), logits
    return f, (torch.randint(0, 32, (2, 8, 4)),)


@entry("MEGABYTE-pytorch", "README: three-stage MEGABYTE with rel_pos, forward on a flat sequence shorter than max length, eval")
def megabyte_pytorch_three_stage():
    from MEGABYTE_pytorch import MEGABYTE
    model = MEGABYTE(num_tokens=32, dim=(32, 24, 16), max_seq_len=(4, 4, 2), depth=(1, 1, 1), dim_head=8, heads=2,
                     rel_pos=True).eval()

    def f(x):
        with torch.no_grad():
            return model(x)
    return f, (torch.randint(0, 32, (2, 27)),)


# ============================================== recurrent-memory-transformer ==
# held-out set 9. recurrent-memory-transformer-pytorch (lucidrains, Recurrent Memory Transformer), as in
# its README.
@entry("recurrent-memory-transformer-pytorch", "README: RecurrentMemoryTransformer forward twice passing memories, then RecurrentMemoryTransformerWrapper return_loss over segments, backward")
def recurrent_memory_transformer_pytorch_segments():
    from recurrent_memory_transformer_pytorch import RecurrentMemoryTransformer, RecurrentMemoryTransformerWrapper
    model = RecurrentMemoryTransformer(num_tokens=64, num_memory_tokens=4, dim=32, depth=2, causal=True, dim_head=8,
                                       heads=2, seq_len=16)
    wrapper = RecurrentMemoryTransformerWrapper(model)

    def f(x, seq):
        logits1, mem1, _ = model(x)
        logits2, mem2, _ = model(x, mem1)
        loss, _ = wrapper(seq, return_loss=True)
        loss.backward()
        return logits2.detach(), loss.detach()
    return f, (torch.randint(0, 64, (2, 16)), torch.randint(0, 64, (2, 41)))


@entry("recurrent-memory-transformer-pytorch", "README: RecurrentMemoryTransformerWrapper with memory_replay_backprop, and generate from a prime")
def recurrent_memory_transformer_pytorch_mrbp_generate():
    from recurrent_memory_transformer_pytorch import RecurrentMemoryTransformer, RecurrentMemoryTransformerWrapper
    model = RecurrentMemoryTransformer(num_tokens=64, num_memory_tokens=4, dim=32, depth=1, causal=True, dim_head=8,
                                       heads=2, seq_len=8)
    wrapper = RecurrentMemoryTransformerWrapper(model)

    def f(seq):
        loss = wrapper(seq, memory_replay_backprop=True, mrbp_loss_weight=1.0)
        with torch.no_grad():
            sample = wrapper.generate(seq[:, :3], length=10)
        return loss, sample
    return f, (torch.randint(0, 64, (2, 25)),)


# ========================================================== h-transformer-1d ==
# held-out set 9. h-transformer-1d (lucidrains, hierarchical attention H-Transformer-1D), as in its README.
@entry("h-transformer-1d", "README: HTransformer1D (non-causal, reversible, shift_tokens) with a mask on a sequence shorter than max_seq_len, backward")
def h_transformer_1d_encoder():
    from h_transformer_1d import HTransformer1D
    model = HTransformer1D(num_tokens=64, dim=32, depth=2, max_seq_len=64, causal=False, heads=2, dim_head=8,
                           block_size=8, reversible=True, shift_tokens=True)

    def f(x, mask):
        logits = model(x, mask=mask)
        logits.sum().backward()
        return logits.detach()
    return f, (torch.randint(0, 64, (2, 60)), torch.ones(2, 60, dtype=torch.bool))


@entry("h-transformer-1d", "README: causal HTransformer1D language model, cross-entropy backward")
def h_transformer_1d_causal():
    from h_transformer_1d import HTransformer1D
    model = HTransformer1D(num_tokens=64, dim=32, depth=1, max_seq_len=32, causal=True, heads=2, dim_head=8,
                           block_size=8)

    def f(x):
        logits = model(x[:, :-1])
        loss = torch.nn.functional.cross_entropy(logits.transpose(1, 2), x[:, 1:])
        loss.backward()
        return loss.detach()
    return f, (torch.randint(0, 64, (2, 33)),)


# ==================================================================== fvcore ==
# held-out set 9. fvcore (Meta FAIR, shared core of detectron2 / pytorchvideo / slowfast), as in its docs:
# detection losses, precise BatchNorm statistics, parameter counts, weight init.
@entry("fvcore", "docs: sigmoid_focal_loss, sigmoid_focal_loss_star, giou_loss and smooth_l1_loss on box regression / classification logits, backward")
def fvcore_detection_losses():
    from fvcore.nn import giou_loss, sigmoid_focal_loss, sigmoid_focal_loss_star, smooth_l1_loss

    def f(logits, targets, boxes, gt_boxes):
        l1 = sigmoid_focal_loss(logits, targets, alpha=0.25, gamma=2.0, reduction="mean")
        l2 = sigmoid_focal_loss_star(logits, targets, alpha=-1, gamma=1.0, reduction="sum")
        l3 = giou_loss(boxes, gt_boxes, reduction="mean")
        l4 = smooth_l1_loss(boxes, gt_boxes, beta=0.1, reduction="sum")
        l5 = smooth_l1_loss(boxes, gt_boxes, beta=0.0, reduction="none")
        total = l1 + l2 + l3 + l4 + l5.mean()
        total.backward()
        return total.detach()
    xy = torch.rand(6, 2) * 10
    gxy = xy + torch.rand(6, 2)
    boxes = torch.cat([xy, xy + 1 + torch.rand(6, 2) * 5], 1).requires_grad_()
    gt = torch.cat([gxy, gxy + 1 + torch.rand(6, 2) * 5], 1)
    return f, (torch.randn(6, 4, requires_grad=True), (torch.rand(6, 4) > 0.7).float(), boxes, gt)


@entry("fvcore", "docs: c2_msra_fill / c2_xavier_fill init, update_bn_stats (precise BN) over a list of batches, get_bn_modules, parameter_count")
def fvcore_precise_bn():
    from fvcore.nn import c2_msra_fill, c2_xavier_fill, get_bn_modules, parameter_count, update_bn_stats
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.BatchNorm2d(8), torch.nn.ReLU(),
                                torch.nn.Flatten(), torch.nn.Linear(8 * 6 * 6, 4), torch.nn.BatchNorm1d(4))
    c2_msra_fill(model[0])
    c2_xavier_fill(model[4])

    def f(batches):
        update_bn_stats(model, batches, num_iters=len(batches))
        counts = parameter_count(model)
        return model[1].running_mean.clone(), len(get_bn_modules(model)), counts[""]
    return f, ([torch.randn(4, 3, 8, 8) for _ in range(3)],)


# ========================================================== fft-conv-pytorch ==
# held-out set 9. fft-conv-pytorch (FFT-based convolutions for large kernels), as in its README.
@entry("fft-conv-pytorch", "README: functional fft_conv(signal, kernel, bias) 1D and 2D with padding / stride, FFTConv1d / FFTConv2d layers, backward")
def fft_conv_pytorch_convs():
    from fft_conv_pytorch import FFTConv1d, FFTConv2d, fft_conv
    conv1 = FFTConv1d(3, 2, 33, bias=True, padding=16)
    conv2 = FFTConv2d(2, 4, 5, stride=2, padding=2, dilation=1, groups=2)

    def f(signal, kernel, bias, image):
        out = fft_conv(signal, kernel, bias=bias)
        y1 = conv1(signal)
        y2 = conv2(image)
        (out.sum() + y1.sum() + y2.sum()).backward()
        return out.detach(), y1.detach(), y2.detach()
    return f, (torch.randn(2, 3, 128), torch.randn(2, 3, 33), torch.randn(2), torch.randn(1, 2, 16, 16))


# ---- held-out set 9, fourth batch
PACKAGES.update({
    "flowtorch": {"dirs": ["flowtorch"], "split": "dev"},
    "torch-sgld": {"dirs": ["torch_sgld"], "split": "dev"},
    "Mega-pytorch": {"dirs": ["mega_pytorch"], "split": "dev"},
})


# ================================================================= flowtorch ==
# held-out set 9. flowtorch (Meta, normalizing flows), as in its README / docs.
@entry("flowtorch", "README: Flow(Independent Normal base, AffineAutoregressive()) trained by maximum likelihood with Adam (3 steps), then rsample and log_prob")
def flowtorch_affine_autoregressive():
    import flowtorch.bijectors as bij
    import flowtorch.distributions as dist
    base = torch.distributions.Independent(torch.distributions.Normal(torch.zeros(2), torch.ones(2)), 1)
    flow = dist.Flow(base, bij.AffineAutoregressive())
    opt = torch.optim.Adam(flow.parameters(), lr=5e-3)

    def f(y):
        for _ in range(3):
            opt.zero_grad()
            loss = -flow.log_prob(y).mean()
            loss.backward()
            opt.step()
        samples = flow.rsample((16,))
        return loss.detach(), samples.detach(), flow.log_prob(samples).detach()
    return f, (torch.randn(32, 2) * 0.5 + 1.0,)


@entry("flowtorch", "docs: Compose([SplineAutoregressive(), AffineAutoregressive()]) in a Flow, log_prob backward and sample")
def flowtorch_compose_spline():
    import flowtorch.bijectors as bij
    import flowtorch.distributions as dist
    base = torch.distributions.Independent(torch.distributions.Normal(torch.zeros(3), torch.ones(3)), 1)
    bijector = bij.Compose([bij.SplineAutoregressive(), bij.AffineAutoregressive()])
    flow = dist.Flow(base, bijector)

    def f(y):
        loss = -flow.log_prob(y).mean()
        loss.backward()
        return loss.detach(), flow.sample((8,))
    return f, (torch.rand(16, 3) * 1.6 - 0.8,)


# ================================================================ torch-sgld ==
# held-out set 9. torch-sgld (stochastic-gradient Langevin dynamics / SGHMC samplers), as in its README.
@entry("torch-sgld", "README: SGLD (plain) and SGLD(momentum=0.9, i.e. SGHMC) sampling loops collecting parameter samples after burn-in (its CosineLR scheduler does not run on this torch)")
def torch_sgld_sampling():
    from torch_sgld import SGLD
    net = torch.nn.Sequential(torch.nn.Linear(3, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    sgld = SGLD(net.parameters(), lr=1e-3)
    sghmc = SGLD(net.parameters(), lr=1e-3, momentum=0.9, temperature=0.5)

    def f(x, y):
        samples = []
        for opt in (sgld, sghmc):
            for step in range(3):
                opt.zero_grad()
                loss = torch.nn.functional.mse_loss(net(x), y) * x.shape[0]
                loss.backward()
                opt.step()
                if step >= 1:
                    samples.append([p.detach().clone() for p in net.parameters()])
        return loss.detach(), len(samples)
    return f, (torch.randn(16, 3), torch.randn(16, 1))


# ============================================================== Mega-pytorch ==
# held-out set 9. Mega-pytorch (lucidrains, Mega: moving-average equipped gated attention), as in its README.
@entry("Mega-pytorch", "README: MegaLayer (multi-headed EMA + single-headed attention), and a causal Mega language model with cross-entropy backward")
def mega_pytorch_lm():
    from mega_pytorch import Mega, MegaLayer
    layer = MegaLayer(dim=16, ema_heads=4, attn_dim_qk=8, attn_dim_value=32, laplacian_attn_fn=True)
    lm = Mega(num_tokens=64, dim=16, depth=2, ema_heads=4, attn_dim_qk=8, attn_dim_value=32, laplacian_attn_fn=True)

    def f(x, ids):
        out = layer(x)
        logits = lm(ids[:, :-1])
        loss = torch.nn.functional.cross_entropy(logits.transpose(1, 2), ids[:, 1:])
        (loss + out.sum()).backward()
        return out.detach(), loss.detach()
    return f, (torch.randn(2, 24, 16), torch.randint(0, 64, (2, 17)))


# ---- held-out set 9, fifth batch
PACKAGES.update({
    "torchimize": {"dirs": ["torchimize"], "split": "dev"},
    "gradient-descent-the-ultimate-optimizer": {"dirs": ["gradient_descent_the_ultimate_optimizer"], "split": "dev"},
    "sparsemax": {"dirs": ["sparsemax"], "split": "dev"},
})


# ================================================================ torchimize ==
# held-out set 9. torchimize (Levenberg-Marquardt, Gauss-Newton and gradient-descent least-squares solvers
# in PyTorch), as in its README (curve fitting with and without an explicit Jacobian).
@entry("torchimize", "README: lsq_lma (Levenberg-Marquardt, autograd Jacobian) and lsq_gna (Gauss-Newton, explicit Jacobian) fitting an exponential decay")
def torchimize_curve_fit():
    from torchimize.functions import lsq_gna, lsq_lma

    def residuals(p, t, y):
        return p[0] * torch.exp(-p[1] * t) + p[2] - y

    def jac(p, t, y):
        e = torch.exp(-p[1] * t)
        return torch.stack([e, -p[0] * t * e, torch.ones_like(t)], dim=-1)

    def f(t, y):
        p0 = torch.tensor([1.0, 0.5, 0.0], dtype=torch.float64)
        lma = lsq_lma(p0, function=residuals, args=(t, y), max_iter=10)
        gna = lsq_gna(p0, function=residuals, jac_function=jac, args=(t, y), max_iter=10)
        return lma[-1], gna[-1], len(lma)
    t = torch.linspace(0, 4, 20, dtype=torch.float64)
    return f, (t, 2.0 * torch.exp(-1.3 * t) + 0.1 + 0.01 * torch.randn(20, dtype=torch.float64))


@entry("torchimize", "README: gradient_descent solver on a least-squares residual with an explicit Jacobian")
def torchimize_gradient_descent():
    from torchimize.functions import gradient_descent

    def residuals(p, x, y):
        return x @ p - y

    def jac(p, x, y):
        return x

    def f(x, y):
        p0 = torch.zeros(3, dtype=torch.float64)
        ps = gradient_descent(p0, function=residuals, jac_function=jac, args=(x, y), l=0.05, max_iter=10)
        return ps[-1], len(ps)
    x = torch.randn(12, 3, dtype=torch.float64)
    return f, (x, x @ torch.tensor([1.0, -2.0, 0.5], dtype=torch.float64))


# =================================== gradient-descent-the-ultimate-optimizer ==
# held-out set 9. gradient-descent-the-ultimate-optimizer (Chandra et al., hyperoptimizers: optimizers whose
# hyperparameters are learned by gradient descent), as in its README.
@entry("gradient-descent-the-ultimate-optimizer", "README: gdtuo.ModuleWrapper(model, optimizer=Adam(optimizer=SGD(1e-5))), begin / forward / zero_grad / backward(create_graph=True) / step, two steps")
def gdtuo_hyperoptimizer_steps():
    from gradient_descent_the_ultimate_optimizer import gdtuo
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4))
    optim = gdtuo.Adam(optimizer=gdtuo.SGD(1e-5))
    mw = gdtuo.ModuleWrapper(model, optimizer=optim)
    mw.initialize()

    def f(x, y):
        for _ in range(2):
            mw.begin()
            out = mw.forward(x)
            loss = torch.nn.functional.cross_entropy(out, y)
            mw.zero_grad()
            loss.backward(create_graph=True)
            mw.step()
        return loss.detach()
    return f, (torch.randn(6, 8), torch.randint(0, 4, (6,)))


@entry("gradient-descent-the-ultimate-optimizer", "README: stacked hyperoptimizers SGD(optimizer=SGD(...)) and RMSProp / AdaGrad towers on a regression model")
def gdtuo_stacked_towers():
    from gradient_descent_the_ultimate_optimizer import gdtuo
    models, wrappers = [], []
    for optim in (gdtuo.SGD(0.01, optimizer=gdtuo.SGD(1e-4, optimizer=gdtuo.SGD(1e-5))),
                  gdtuo.RMSProp(optimizer=gdtuo.SGD(1e-4)), gdtuo.AdaGrad(optimizer=gdtuo.SGD(1e-4))):
        m = torch.nn.Linear(4, 1)
        mw = gdtuo.ModuleWrapper(m, optimizer=optim)
        mw.initialize()
        wrappers.append(mw)

    def f(x, y):
        losses = []
        for mw in wrappers:
            mw.begin()
            loss = torch.nn.functional.mse_loss(mw.forward(x), y)
            mw.zero_grad()
            loss.backward(create_graph=True)
            mw.step()
            losses.append(loss.detach())
        return torch.stack(losses)
    return f, (torch.randn(10, 4), torch.randn(10, 1))


# ================================================================= sparsemax ==
# held-out set 9. sparsemax (Martins & Astudillo sparsemax activation), as in its README.
@entry("sparsemax", "README: Sparsemax(dim=-1) and Sparsemax(dim=1) on logits, sparse attention weights, backward")
def sparsemax_activation():
    from sparsemax import Sparsemax
    sm = Sparsemax(dim=-1)
    sm1 = Sparsemax(dim=1)

    def f(logits, scores, v):
        p = sm(logits)
        attn = sm1(scores)
        out = torch.einsum("bij,bjd->bid", sm(scores), v)
        (p.pow(2).sum() + attn.sum() + out.sum()).backward()
        return p.detach(), attn.detach(), out.detach()
    return f, (torch.randn(4, 10, requires_grad=True), torch.randn(2, 5, 5, requires_grad=True), torch.randn(2, 5, 3))


# ---- held-out set 9, sixth batch
PACKAGES.update({
    "dasp-pytorch": {"dirs": ["dasp_pytorch"], "split": "dev"},
    "flamingo-pytorch": {"dirs": ["flamingo_pytorch"], "split": "dev"},
    "focal-loss-torch": {"dirs": ["focal_loss"], "split": "dev"},
})


# ============================================================== dasp-pytorch ==
# held-out set 9. dasp-pytorch (differentiable audio signal processors: EQ, compressor, reverb, ...), as in
# its README (processors driven by normalized parameters predicted by a network, gradients to the parameters).
@entry("dasp-pytorch", "README: ParametricEQ and Gain process_normalized with (0, 1) parameter tensors, functional distortion, loss backward to the parameters")
def dasp_pytorch_eq_chain():
    import dasp_pytorch
    sr = 16000
    eq = dasp_pytorch.ParametricEQ(sr)
    gain = dasp_pytorch.Gain(sr)

    def f(x, eq_params, gain_params, drive_db, target):
        y = eq.process_normalized(x, eq_params)
        y = gain.process_normalized(y, gain_params)
        y = dasp_pytorch.distortion(y, sr, drive_db)
        loss = torch.nn.functional.l1_loss(y, target)
        loss.backward()
        return loss.detach(), eq_params.grad
    return f, (torch.randn(2, 1, 2048) * 0.1, torch.rand(2, len(eq.param_ranges), requires_grad=True),
               torch.rand(2, len(gain.param_ranges)), torch.full((2,), 6.0), torch.randn(2, 1, 2048) * 0.1)


@entry("dasp-pytorch", "README: Compressor and NoiseShapedReverb process_normalized with (0, 1) parameter tensors, functional stereo_panner")
def dasp_pytorch_dynamics_reverb():
    import dasp_pytorch
    sr = 44100
    comp = dasp_pytorch.Compressor(sr)
    reverb = dasp_pytorch.NoiseShapedReverb(sr)

    def f(x, comp_params, reverb_params):
        y = comp.process_normalized(x, comp_params)
        wet = reverb.process_normalized(x, reverb_params)
        stereo = dasp_pytorch.stereo_panner(y, sr, torch.full((x.shape[0],), 0.3))
        return y, wet, stereo
    return f, (torch.randn(2, 1, 2048) * 0.1, torch.rand(2, len(comp.param_ranges)), torch.rand(2, len(reverb.param_ranges)))


# ========================================================== flamingo-pytorch ==
# held-out set 9. flamingo-pytorch (lucidrains, Flamingo: perceiver resampler + gated cross-attention), as in
# its README.
@entry("flamingo-pytorch", "README: PerceiverResampler on (batch, time, seq, dim) media, GatedCrossAttentionBlock with media_locations, backward")
def flamingo_pytorch_blocks():
    from flamingo_pytorch import GatedCrossAttentionBlock, PerceiverResampler
    perceive = PerceiverResampler(dim=32, depth=2, dim_head=8, heads=2, num_latents=8, num_media_embeds=4)
    cross_attn = GatedCrossAttentionBlock(dim=32, dim_head=8, heads=2)

    def f(medias, text, media_locations):
        perceived = perceive(medias)
        out = cross_attn(text, perceived, media_locations=media_locations)
        out.sum().backward()
        return out.detach()
    return f, (torch.randn(1, 2, 16, 32), torch.randn(1, 24, 32), torch.randint(0, 2, (1, 24)).bool())


@entry("flamingo-pytorch", "README: FlamingoPaLM with a (tiny, custom patch-embedding) img_encoder: text-only loss backward, then images with media tokens, eval")
def flamingo_pytorch_palm():
    from flamingo_pytorch import FlamingoPaLM

    class PatchEncoder(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = torch.nn.Conv2d(3, 32, 4, stride=4)

        def forward(self, images):
            return self.proj(images).flatten(2).transpose(1, 2)

    model = FlamingoPaLM(num_tokens=64, dim=32, depth=3, heads=2, dim_head=8, cross_attn_every=3,
                         img_encoder=PatchEncoder(), perceiver_num_latents=8, perceiver_depth=1)

    def f(text, images):
        logits = model(text[:, :-1])
        loss = torch.nn.functional.cross_entropy(logits.transpose(1, 2), text[:, 1:])
        loss.backward()
        with torch.no_grad():
            flamingo_logits = model(text, images=images)
        return loss.detach(), flamingo_logits
    text = torch.randint(4, 64, (2, 17))
    text[:, 0] = 3  # media token
    return f, (text, torch.randn(2, 1, 3, 16, 16))


# ========================================================== focal-loss-torch ==
# held-out set 9. focal-loss-torch (multi-class focal loss), as in its README.
@entry("focal-loss-torch", "README: FocalLoss(gamma) on softmax probabilities, with class weights, with ignore_index on (N, d, C) inputs, and reduction='none', backward")
def focal_loss_torch_losses():
    from focal_loss.focal_loss import FocalLoss
    crit = FocalLoss(gamma=0.7)
    crit_w = FocalLoss(gamma=2.0, weights=torch.tensor([1.0, 2.0, 0.5]))
    crit_ign = FocalLoss(gamma=2.0, ignore_index=-1)
    crit_none = FocalLoss(gamma=1.0, reduction="none")

    def f(logits, target, seg_logits, seg_target):
        m = torch.nn.Softmax(dim=-1)
        l1 = crit(m(logits), target)
        l2 = crit_ign(m(seg_logits), seg_target) + crit_w(m(logits), target)
        l3 = crit_none(m(logits), target)
        (l1 + l2 + l3.mean()).backward()
        return l1.detach(), l2.detach(), l3.detach()
    seg_target = torch.randint(0, 3, (2, 5))
    seg_target[0, 0] = -1
    return f, (torch.randn(6, 3, requires_grad=True), torch.randint(0, 3, (6,)), torch.randn(2, 5, 3, requires_grad=True), seg_target)


# ---- held-out set 10, first batch (chosen 2026-11-21 by a helper blind to graphlint)
PACKAGES.update({
    "fairscale": {"dirs": ["fairscale"], "split": "dev"},
    # "torchjd": {"dirs": ["torchjd"], "split": "dev"},  # dropped after its first collect (compile-error)
    "torchsummary": {"dirs": ["torchsummary"], "split": "dev"},
    "torch-levenberg-marquardt": {"dirs": ["torch_levenberg_marquardt"], "split": "dev"},
    "torch-pca": {"dirs": ["torch_pca"], "split": "dev"},
})


# ================================================================= fairscale ==
# held-out set 10. fairscale (Meta FAIR, large-scale training utilities), as in its docs: activation
# checkpointing, flattened parameters and the AdaScale optimizer wrapper (single process, no process group).
@entry("fairscale", "docs: checkpoint_wrapper (activation checkpointing) inside a model wrapped by FlattenParamsWrapper, forward + MSE backward")
def fairscale_checkpoint_flatten():
    from fairscale.nn import FlattenParamsWrapper, checkpoint_wrapper
    block = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 32))
    model = torch.nn.Sequential(checkpoint_wrapper(block), torch.nn.LayerNorm(32), torch.nn.Linear(32, 4))
    flat = FlattenParamsWrapper(model)

    def f(x, y):
        out = flat(x)
        loss = torch.nn.functional.mse_loss(out, y)
        loss.backward()
        return loss.detach(), out.detach()
    return f, (torch.randn(8, 16), torch.randn(8, 4))


# @entry("fairscale", "docs: AdaScale(SGD, num_gradients_to_accumulate=2): two accumulated backward passes per step, gain(), step(), zero_grad()")
# def fairscale_adascale_training():
#     from fairscale.optim import AdaScale
#     model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
#     optim = AdaScale(torch.optim.SGD(model.parameters(), lr=0.1), num_gradients_to_accumulate=2)

#     def f(xs, ys):
#         step = 0.0
#         for i in range(0, xs.shape[0], 2):
#             optim.zero_grad()
#             for x, y in zip(xs[i:i + 2], ys[i:i + 2]):
#                 loss = torch.nn.functional.mse_loss(model(x), y)
#                 loss.backward()
#             step += optim.gain()
#             optim.step()
#         return step, loss.detach()
#     return f, (torch.randn(4, 16, 8), torch.randn(4, 16, 1))


# =================================================================== torchjd ==
# held-out set 10. torchjd (Jacobian descent for multi-objective optimization), as in its README and docs
# (UPGrad needs quadprog / qpsolvers, not installed: MGDA, PCGrad, IMTL-G). Dropped: both entry points compile-error.
# @entry("torchjd", "README: multi-task loop with mtl_backward + jac_to_grad(MGDA) and autojac.backward + jac_to_grad(PCGrad), SGD steps")
# def torchjd_jacobian_descent():
#     from torchjd.aggregation import MGDA, PCGrad
#     from torchjd.autojac import backward, jac_to_grad, mtl_backward
#     shared = torch.nn.Sequential(torch.nn.Linear(10, 5), torch.nn.ReLU(), torch.nn.Linear(5, 3), torch.nn.ReLU())
#     task1 = torch.nn.Linear(3, 1)
#     task2 = torch.nn.Linear(3, 1)
#     params = [*shared.parameters(), *task1.parameters(), *task2.parameters()]
#     optimizer = torch.optim.SGD(params, lr=0.1)
#     mgda, pcgrad = MGDA(), PCGrad()

#     def f(inputs, t1, t2):
#         for x, y1, y2 in zip(inputs, t1, t2):
#             features = shared(x)
#             loss1 = torch.nn.functional.mse_loss(task1(features), y1)
#             loss2 = torch.nn.functional.mse_loss(task2(features), y2)
#             mtl_backward([loss1, loss2], features=features)
#             jac_to_grad(shared.parameters(), mgda)
#             optimizer.step()
#             optimizer.zero_grad()
#         features = shared(inputs[0])
#         losses = [torch.nn.functional.mse_loss(task1(features), t1[0]), torch.nn.functional.mse_loss(task2(features), t2[0])]
#         backward(losses)
#         jac_to_grad(params, pcgrad)
#         optimizer.step()
#         optimizer.zero_grad()
#         return loss1.detach(), loss2.detach()
#     return f, (torch.randn(2, 16, 10), torch.randn(2, 16, 1), torch.randn(2, 16, 1))


# @entry("torchjd", "docs: autogram Engine(model, batch_dim=0) Gramian of per-instance losses, IMTLGWeighting, losses.backward(weights); GeometricMean scalarization step")
# def torchjd_autogram_scalarization():
#     from torchjd.aggregation import IMTLGWeighting
#     from torchjd.autogram import Engine
#     from torchjd.scalarization import GeometricMean
#     model = torch.nn.Sequential(torch.nn.Linear(5, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
#     optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
#     criterion = torch.nn.MSELoss(reduction="none")
#     weighting = IMTLGWeighting()
#     engine = Engine(model, batch_dim=0)
#     head = torch.nn.Linear(5, 2)
#     head_opt = torch.optim.SGD(head.parameters(), lr=0.01)
#     scalarizer = GeometricMean()

#     def f(inputs, targets):
#         for x, y in zip(inputs, targets):
#             output = model(x).squeeze(dim=1)
#             losses = criterion(output, y)
#             gramian = engine.compute_gramian(losses)
#             weights = weighting(gramian)
#             losses.backward(weights)
#             optimizer.step()
#             optimizer.zero_grad()
#         out = head(inputs[0])
#         loss = scalarizer(torch.stack([criterion(out[:, 0], targets[0]).mean(), (out[:, 1] - targets[0]).abs().mean()]))
#         loss.backward()
#         head_opt.step()
#         head_opt.zero_grad()
#         return weights.detach(), loss.detach()
#     return f, (torch.randn(2, 16, 5), torch.randn(2, 16))


# ============================================================== torchsummary ==
# held-out set 10. torchsummary (Keras-style model.summary() for PyTorch), as in its README.
@entry("torchsummary", "README: summary(model, input_size, device='cpu') of a small conv net and of a two-input model (forward hooks, printed table)")
def torchsummary_summary():
    from torchsummary import summary

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = torch.nn.Conv2d(1, 4, 5)
            self.conv2 = torch.nn.Conv2d(4, 8, 5)
            self.drop = torch.nn.Dropout2d()
            self.fc1 = torch.nn.Linear(8 * 4 * 4, 16)
            self.fc2 = torch.nn.Linear(16, 10)

        def forward(self, x):
            x = torch.nn.functional.relu(torch.nn.functional.max_pool2d(self.conv1(x), 2))
            x = torch.nn.functional.relu(torch.nn.functional.max_pool2d(self.drop(self.conv2(x)), 2))
            x = x.flatten(1)
            return torch.nn.functional.log_softmax(self.fc2(torch.nn.functional.relu(self.fc1(x))), dim=1)

    class TwoInputs(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.a = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3), torch.nn.BatchNorm2d(4), torch.nn.ReLU())
            self.b = torch.nn.Conv2d(1, 4, 5, stride=2)

        def forward(self, x, y):
            return self.a(x).mean((2, 3)) + self.b(y).mean((2, 3))

    net, two = Net(), TwoInputs()

    def f():
        summary(net, (1, 28, 28), device="cpu")
        summary(two, [(1, 16, 16), (1, 28, 28)], device="cpu")
    return f, ()


# ================================================ torch-levenberg-marquardt ==
# held-out set 10. torch-levenberg-marquardt (Levenberg-Marquardt training of neural networks), as in its README.
@entry("torch-levenberg-marquardt", "README: LevenbergMarquardtModule(model, MSELoss, attempts_per_step, solve_method='qr') training_step on a curve-fitting MLP, three steps")
def torch_levenberg_marquardt_mse():
    import torch_levenberg_marquardt as tlm
    model = torch.nn.Sequential(torch.nn.Linear(1, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    module = tlm.training.LevenbergMarquardtModule(model=model, loss_fn=tlm.loss.MSELoss(), learning_rate=1.0,
                                                   attempts_per_step=4, solve_method="qr")

    def f(x, y):
        for _ in range(3):
            outputs, loss, stop_training, logs = module.training_step(x, y)
        return outputs, loss, stop_training
    x = torch.linspace(-1, 1, 32).unsqueeze(1)
    return f, (x, torch.sin(3 * x))


@entry("torch-levenberg-marquardt", "README: CrossEntropyLoss (square-root trick) with cholesky solve, no vmap, max_batch_size sub-batches, and RandomSelectionStrategy")
def torch_levenberg_marquardt_classification():
    import torch_levenberg_marquardt as tlm
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
    module = tlm.training.LevenbergMarquardtModule(
        model=model, loss_fn=tlm.loss.CrossEntropyLoss(), learning_rate=0.5, attempts_per_step=3,
        solve_method="cholesky", use_vmap=False, max_batch_size=8,
        param_selection_strategy=tlm.selection.RandomSelectionStrategy(list(model.parameters()), 40))

    def f(x, y):
        outputs, loss, stop_training, logs = module.training_step(x, y)
        outputs, loss, stop_training, logs = module.training_step(x, y)
        return outputs, loss, stop_training
    return f, (torch.randn(16, 4), torch.nn.functional.one_hot(torch.randint(0, 3, (16,)), 3).float())


# ================================================================= torch-pca ==
# held-out set 10. torch-pca (scikit-learn-like PCA on PyTorch tensors), as in its README.
@entry("torch-pca", "README: PCA(n_components, svd_solver='full') fit_transform + transform + explained_variance_ratio_, and fit_transform(determinist=False) in a loss backward")
def torch_pca_full():
    from torch_pca import PCA
    pca = PCA(n_components=3, svd_solver="full")
    pca_grad = PCA(svd_solver="full")
    net = torch.nn.Linear(8, 6)

    def f(train, test, target):
        z = pca.fit_transform(train)
        zt = pca.transform(test)
        out = pca_grad.fit_transform(net(train), determinist=False)
        loss = torch.nn.functional.mse_loss(out[:, :2], target)
        loss.backward()
        return z, zt, pca.explained_variance_ratio_, loss.detach()
    return f, (torch.randn(40, 8), torch.randn(10, 8), torch.randn(40, 2))


@entry("torch-pca", "README: PCA with the covariance_eig, randomized and auto solvers, n_components as a float ratio, 'mle', whiten=True")
def torch_pca_solvers():
    from torch_pca import PCA
    pcas = [PCA(n_components=2, svd_solver="covariance_eigh"), PCA(n_components=3, svd_solver="randomized", random_state=0),
            PCA(n_components=0.9, svd_solver="full"), PCA(n_components="mle", svd_solver="full"),
            PCA(n_components=2, whiten=True)]

    def f(x):
        return [p.fit_transform(x) for p in pcas]
    return f, (torch.randn(60, 10) @ torch.randn(10, 10),)


# ---- held-out set 10, second batch
PACKAGES.update({
    "yet-another-retnet": {"dirs": ["yet_another_retnet"], "split": "dev"},
    "unet": {"dirs": ["unet"], "split": "dev"},
    "swin-transformer-pytorch": {"dirs": ["swin_transformer_pytorch"], "split": "dev"},
    "pytorch-pretrained-vit": {"dirs": ["pytorch_pretrained_vit"], "split": "dev"},
    # "torchsynth": {"dirs": ["torchsynth"], "split": "dev"},  # dropped after its first collect (compile-error)
    "adamp": {"dirs": ["adamp"], "split": "dev"},
    "sophia-opt": {"dirs": ["sophia_opt"], "split": "dev"},
    "adabound": {"dirs": ["adabound"], "split": "dev"},
    "cuequivariance-torch": {"dirs": ["cuequivariance_torch"], "split": "dev"},
    "tad-dftd3": {"dirs": ["tad_dftd3"], "split": "dev"},
    "torchflows": {"dirs": ["torchflows"], "split": "dev"},
    "equiformer-pytorch": {"dirs": ["equiformer_pytorch"], "split": "dev"},
})


# ======================================================== yet-another-retnet ==
# held-out set 10. yet-another-retnet (RetNet: retentive networks with parallel, recurrent and chunkwise forms),
# as in its README.
@entry("yet-another-retnet", "README: small RetNet, forward_parallel, then the recurrent loop (forward_recurrent per token) and the chunkwise loop (chunk_size 4), eval")
def yet_another_retnet_forms():
    from yet_another_retnet.retnet import RetNet
    retnet = RetNet(num_tokens=100, d_model=32, nhead=4, num_layers=2).eval()

    def f(x):
        with torch.no_grad():
            y_parallel = retnet.forward_parallel(x)
            outputs, prev_states = [], []
            for idx in range(x.shape[1]):
                out, prev_states = retnet.forward_recurrent(x[:, idx], idx, prev_states)
                outputs.append(out)
            chunks, prev_states = [], []
            for idx in range(0, x.shape[1], 4):
                out, prev_states = retnet.forward_chunkwise(x[:, idx:idx + 4], idx, prev_states)
                chunks.append(out)
        return y_parallel, torch.stack(outputs, dim=1), torch.cat(chunks, dim=1)
    return f, (torch.randint(0, 100, (2, 12)),)


@entry("yet-another-retnet", "README: RetNet(inputs, labels) training loss backward, and MultiScaleRetention parallel / recurrent forms")
def yet_another_retnet_training():
    from yet_another_retnet.retention import MultiScaleRetention
    from yet_another_retnet.retnet import RetNet
    retnet = RetNet(num_tokens=100, d_model=32, nhead=4, num_layers=2)
    mhr = MultiScaleRetention(embed_dim=32, num_heads=4).eval()

    def f(x, q):
        loss = retnet(x[:, :-1], x[:, 1:])
        loss.backward()
        y_parallel, _ = mhr.forward_parallel(q, q, q)
        outputs, prev_state = [], None
        for idx in range(q.shape[1]):
            out, prev_state = mhr.forward_recurrent(q[:, idx], q[:, idx], q[:, idx], idx, prev_state)
            outputs.append(out)
        return loss.detach(), y_parallel.detach(), torch.stack(outputs, dim=1).detach()
    return f, (torch.randint(0, 100, (2, 13)), torch.randn(1, 8, 32))


# ====================================================================== unet ==
# held-out set 10. unet (fepegar's configurable 2D / 3D U-Net), as in its README / docstrings.
@entry("unet", "README: UNet 2D (batch norm, residual, padding, linear upsampling) forward + cross-entropy backward, and UNet 3D (conv upsampling, avg pooling, dropout), eval")
def unet_2d_3d():
    from unet import UNet
    unet2d = UNet(in_channels=1, out_classes=3, dimensions=2, num_encoding_blocks=3, out_channels_first_layer=8,
                  normalization="batch", upsampling_type="linear", residual=True, padding=1)
    unet3d = UNet(in_channels=1, out_classes=2, dimensions=3, num_encoding_blocks=2, out_channels_first_layer=4,
                  pooling_type="avg", upsampling_type="conv", padding=1, dropout=0.1, activation="PReLU").eval()

    def f(img, target, vol):
        logits = unet2d(img)
        loss = torch.nn.functional.cross_entropy(logits, target)
        loss.backward()
        with torch.no_grad():
            seg = unet3d(vol)
        return loss.detach(), seg
    return f, (torch.randn(2, 1, 32, 32), torch.randint(0, 3, (2, 32, 32)), torch.randn(1, 1, 16, 16, 16))


# ================================================== swin-transformer-pytorch ==
# held-out set 10. swin-transformer-pytorch (Swin Transformer, shifted-window attention), as in its README.
@entry("swin-transformer-pytorch", "README: SwinTransformer (small hidden_dim, layers (2, 2, 2, 2), window_size 4) classification forward + backward, and swin_t with absolute position embedding, eval")
def swin_transformer_pytorch_forward():
    from swin_transformer_pytorch import SwinTransformer, swin_t
    net = SwinTransformer(hidden_dim=16, layers=(2, 2, 2, 2), heads=(1, 2, 2, 4), channels=3, num_classes=5,
                          head_dim=8, window_size=4, downscaling_factors=(2, 2, 2, 1), relative_pos_embedding=True)
    net2 = swin_t(hidden_dim=16, layers=(2, 2, 2, 2), heads=(1, 1, 2, 2), num_classes=3, head_dim=8, window_size=2,
                  downscaling_factors=(4, 2, 2, 1), relative_pos_embedding=False).eval()

    def f(img, labels):
        logits = net(img)
        loss = torch.nn.functional.cross_entropy(logits, labels)
        loss.backward()
        with torch.no_grad():
            out = net2(img)
        return loss.detach(), out
    return f, (torch.randn(2, 3, 64, 64), torch.tensor([1, 3]))


# ==================================================== pytorch-pretrained-vit ==
# held-out set 10. pytorch-pretrained-vit (lukemelas' ViT), as in its README with a named configuration and
# pretrained=False (nothing downloaded; its name=None custom path fails with a NameError in 0.0.7).
@entry("pytorch-pretrained-vit", "README: ViT('B_32', pretrained=False, image_size=64, num_classes=10) forward + cross-entropy backward on one image")
def pytorch_pretrained_vit_b32():
    from pytorch_pretrained_vit import ViT
    model = ViT("B_32", pretrained=False, image_size=64, num_classes=10)

    def f(img, labels):
        loss = torch.nn.functional.cross_entropy(model(img), labels)
        loss.backward()
        return loss.detach()
    return f, (torch.randn(1, 3, 64, 64), torch.tensor([7]))


# ================================================================ torchsynth ==
# held-out set 10. torchsynth (GPU-optional modular synthesizer), as in its documentation: individual modules
# (ADSR, VCOs, VCA, Noise, LFO) driven by a SynthConfig (Voice imports pkg_resources). Dropped: compile-error.
# @entry("torchsynth", "docs: modules: ADSR envelope, SineVCO / SquareSawVCO with an LFO-modulated pitch, VCA, Noise and AudioMixer, per-module parameters")
# def torchsynth_modules():
#     from torchsynth.config import SynthConfig
#     from torchsynth.module import ADSR, LFO, VCA, AudioMixer, ControlRateUpsample, Noise, SineVCO, SquareSawVCO
#     cfg = SynthConfig(batch_size=2, sample_rate=8000, buffer_size_seconds=0.25, control_rate=100, reproducible=False)
#     adsr, lfo, up = ADSR(cfg), LFO(cfg), ControlRateUpsample(cfg)
#     sine, saw, vca, noise = SineVCO(cfg), SquareSawVCO(cfg), VCA(cfg), Noise(cfg, seed=0)
#     mixer = AudioMixer(cfg, 3)

#     def f(note_on_duration, midi_f0):
#         env = adsr(note_on_duration)
#         mod = up(lfo())
#         a = vca(sine(midi_f0, mod), up(env))
#         b = vca(saw(midi_f0), up(env))
#         return mixer(a, b, noise())
#     return f, (torch.tensor([0.1, 0.2]), torch.tensor([60.0, 64.0]))


# ===================================================================== adamp ==
# held-out set 10. adamp (NAVER Clova AdamP / SGDP: projection of scale-invariant weights), as in its README.
@entry("adamp", "README: AdamP(weight_decay=1e-2) and SGDP(momentum, nesterov) training steps on a conv + batch-norm net (scale-invariant weights)")
def adamp_training():
    from adamp import SGDP, AdamP
    net = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.BatchNorm2d(8), torch.nn.ReLU(), torch.nn.Flatten(),
                              torch.nn.Linear(8 * 6 * 6, 4))
    head = torch.nn.Linear(8, 4)
    opt = AdamP(net.parameters(), lr=1e-3, betas=(0.9, 0.999), weight_decay=1e-2)
    opt2 = SGDP(head.parameters(), lr=0.1, weight_decay=1e-5, momentum=0.9, nesterov=True)

    def f(x, y, z):
        for _ in range(2):
            loss = torch.nn.functional.cross_entropy(net(x), y) + torch.nn.functional.cross_entropy(head(z), y)
            loss.backward()
            opt.step()
            opt2.step()
            opt.zero_grad()
            opt2.zero_grad()
        return loss.detach()
    return f, (torch.randn(4, 3, 8, 8), torch.tensor([0, 1, 2, 3]), torch.randn(4, 8))


# ================================================================ sophia-opt ==
# held-out set 10. sophia-opt (Sophia-G, second-order clipped optimizer for language models), as in its README
# training loop: step(bs=...) every iteration, update_hessian() from sampled labels every k iterations.
@entry("sophia-opt", "README: SophiaG on a tiny LM: loss backward + step(bs), then every k-th iteration sampled-label loss backward + update_hessian()")
def sophia_opt_training():
    from sophia_opt import SophiaG

    class LM(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = torch.nn.Embedding(50, 16)
            self.mlp = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 50))

        def forward(self, x, y=None):
            logits = self.mlp(self.emb(x))
            loss = None if y is None else torch.nn.functional.cross_entropy(logits.view(-1, 50), y.view(-1))
            return logits, loss

    model = LM()
    optimizer = SophiaG(model.parameters(), lr=2e-4, betas=(0.965, 0.99), rho=0.01, weight_decay=1e-1)
    k = 2

    def f(X, Y):
        for iter_num in range(4):
            logits, loss = model(X, Y)
            loss.backward()
            optimizer.step(bs=X.numel())
            optimizer.zero_grad(set_to_none=True)
            if iter_num % k != k - 1:
                continue
            logits, _ = model(X, None)
            y_sample = torch.distributions.Categorical(logits=logits).sample()
            loss_sampled = torch.nn.functional.cross_entropy(logits.view(-1, logits.size(-1)), y_sample.view(-1), ignore_index=-1)
            loss_sampled.backward()
            optimizer.update_hessian()
            optimizer.zero_grad(set_to_none=True)
        return loss.detach()
    return f, (torch.randint(0, 50, (2, 8)), torch.randint(0, 50, (2, 8)))


# ================================================================== adabound ==
# held-out set 10. adabound (AdaBound / AdaBoundW: Adam with dynamic bounds on the learning rate), as in its README.
@entry("adabound", "README: AdaBound(lr=1e-3, final_lr=0.1) and AdaBound(amsbound=True, weight_decay) training steps")
def adabound_training():
    import adabound
    model = torch.nn.Sequential(torch.nn.Linear(10, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
    model2 = torch.nn.Linear(10, 1)
    opt = adabound.AdaBound(model.parameters(), lr=1e-3, final_lr=0.1)
    opt2 = adabound.AdaBound(model2.parameters(), lr=1e-3, final_lr=0.1, amsbound=True, weight_decay=1e-4)

    def f(x, y):
        for _ in range(3):
            loss = torch.nn.functional.mse_loss(model(x), y) + torch.nn.functional.mse_loss(model2(x), y)
            opt.zero_grad()
            opt2.zero_grad()
            loss.backward()
            opt.step()
            opt2.step()
        return loss.detach()
    return f, (torch.randn(16, 10), torch.randn(16, 1))


# ======================================================= cuequivariance-torch ==
# held-out set 10. cuequivariance-torch (NVIDIA cuEquivariance PyTorch frontend: equivariant tensor products for
# MACE / NequIP-style models), as in its documentation, with the pure-PyTorch "naive" method (no CUDA kernels).
@entry("cuequivariance-torch", "docs: SphericalHarmonics of edge vectors, ChannelWiseTensorProduct with external weights + gather / scatter over edges, Linear, backward (method='naive')")
def cuequivariance_torch_message_passing():
    import cuequivariance as cue
    import cuequivariance_torch as cuet
    irreps_node = cue.Irreps("O3", "4x0e + 4x1o")
    sh = cuet.SphericalHarmonics(ls=[0, 1], normalize=True, method="naive")
    tp = cuet.ChannelWiseTensorProduct(irreps_node, cue.Irreps("O3", "0e + 1o"), layout=cue.mul_ir,
                                       shared_weights=False, method="naive")
    lin = cuet.Linear(tp.irreps_out, irreps_node, layout=cue.mul_ir, internal_weights=True, method="naive")
    radial = torch.nn.Linear(4, tp.weight_numel)

    def f(node_feats, pos, senders, receivers, edge_emb):
        vec = pos[receivers] - pos[senders]
        edge_sh = sh(vec)
        msg = tp(node_feats, edge_sh, weight=radial(edge_emb), indices_1=senders, indices_out=receivers,
                 size_out=node_feats.shape[0])
        out = lin(msg)
        out.pow(2).sum().backward()
        return out.detach()
    n = 6
    return f, (torch.randn(n, irreps_node.dim), torch.randn(n, 3), torch.tensor([0, 1, 2, 3, 4, 5, 1, 3]),
               torch.tensor([1, 2, 3, 4, 5, 0, 0, 2]), torch.randn(8, 4))


@entry("cuequivariance-torch", "docs: MACE-style SymmetricContraction with element indices, FullyConnectedTensorProduct, equivariant BatchNorm, Rotation (method='naive'), eval")
def cuequivariance_torch_contraction():
    import cuequivariance as cue
    import cuequivariance_torch as cuet
    irreps = cue.Irreps("O3", "4x0e + 4x1o")
    sc = cuet.SymmetricContraction(irreps, cue.Irreps("O3", "4x0e"), contraction_degree=2, num_elements=3,
                                   layout=cue.mul_ir, dtype=torch.float32, method="naive")
    fctp = cuet.FullyConnectedTensorProduct(irreps, cue.Irreps("O3", "0e + 1o"), irreps, layout=cue.mul_ir,
                                            internal_weights=True, method="naive")
    bn = cuet.layers.BatchNorm(irreps, layout=cue.mul_ir).eval()
    rot = cuet.Rotation(cue.Irreps("SO3", "4x0 + 2x1"), layout=cue.mul_ir, method="naive")

    def f(x, species, y, xr, angles):
        with torch.no_grad():
            a = sc(x, species)
            b = bn(fctp(x, y))
            c = rot(angles[0:1], angles[1:2], angles[2:3], xr)
        return a, b, c
    return f, (torch.randn(5, irreps.dim), torch.tensor([0, 2, 1, 1, 0]), torch.randn(5, 4), torch.randn(1, 10),
               torch.tensor([0.1, 0.2, 0.3]))


# ================================================================= tad-dftd3 ==
# held-out set 10. tad-dftd3 (DFT-D3 dispersion energies with PyTorch autodiff), as in its README examples:
# a single molecule and a padded batch, forces via autograd.
@entry("tad-dftd3", "README: dftd3(numbers, positions, param) for one molecule, and forces (-dE/dR) via autograd")
def tad_dftd3_single():
    import tad_dftd3 as d3
    import tad_mctc as mctc
    numbers = mctc.convert.symbol_to_number(symbols="C C C C N C S H H H H H".split())
    positions = torch.tensor([
        [-2.56745685564671, -0.02509985979910, 0.0], [-1.39177582455797, +2.27696188880014, 0.0],
        [+1.27784995624894, +2.45107479759386, 0.0], [+2.62801937615793, +0.25927727028120, 0.0],
        [+1.41097033661123, -1.99890996077412, 0.0], [-1.17186102298849, -2.34220576284180, 0.0],
        [-2.39505990368378, -5.22635838332362, 0.0], [+2.41961980455457, -3.62158019253045, 0.0],
        [-2.51744374846065, +3.98181713686746, 0.0], [+2.24269048384775, +4.24389473203647, 0.0],
        [+4.66488984573956, +0.17907568006409, 0.0], [-4.60044244782237, -0.17794734637413, 0.0]],
        dtype=torch.float64)
    param = {"a1": torch.tensor(0.49484001, dtype=torch.float64), "s8": torch.tensor(0.78981345, dtype=torch.float64),
             "a2": torch.tensor(5.73083694, dtype=torch.float64)}

    def f(numbers, positions):
        pos = positions.clone().requires_grad_(True)
        energy = d3.dftd3(numbers, pos, param)
        (grad,) = torch.autograd.grad(energy.sum(), pos)
        return energy.detach(), -grad
    return f, (numbers, positions)


@entry("tad-dftd3", "README: batched structures padded with mctc.batch.pack, dftd3 with explicit reference / covalent radii / r4r2 model inputs")
def tad_dftd3_batch():
    import tad_dftd3 as d3
    import tad_mctc as mctc
    numbers = mctc.batch.pack([mctc.convert.symbol_to_number("O H H".split()),
                               mctc.convert.symbol_to_number("C H H H H".split())])
    positions = mctc.batch.pack([
        torch.tensor([[0.0, 0.0, 0.22], [0.0, 1.43, -0.89], [0.0, -1.43, -0.89]], dtype=torch.float64),
        torch.tensor([[0.0, 0.0, 0.0], [1.19, 1.19, 1.19], [-1.19, -1.19, 1.19], [1.19, -1.19, -1.19],
                      [-1.19, 1.19, -1.19]], dtype=torch.float64)])
    param = {"a1": torch.tensor(0.3981, dtype=torch.float64), "s8": torch.tensor(1.5, dtype=torch.float64),
             "a2": torch.tensor(4.4211, dtype=torch.float64), "s6": torch.tensor(1.0, dtype=torch.float64)}
    ref = d3.reference.Reference(dtype=torch.float64)
    rcov = mctc.data.COV_D3(dtype=torch.float64)[numbers]
    r4r2 = d3.data.R4R2(dtype=torch.float64)[numbers]

    def f(numbers, positions):
        return d3.dftd3(numbers, positions, param, ref=ref, rcov=rcov, r4r2=r4r2)
    return f, (numbers, positions)


# ================================================================ torchflows ==
# held-out set 10. torchflows (normalizing flows for density estimation and MCMC), as in its README:
# Flow(bijection).fit / log_prob / sample.
@entry("torchflows", "README: Flow(RealNVP(n_dim)).fit(x, n_epochs=3, batch_size=32), then log_prob and sample(50)")
def torchflows_realnvp_fit():
    from torchflows.bijections.finite.autoregressive.architectures import RealNVP
    from torchflows.flows import Flow
    flow = Flow(RealNVP(3))

    def f(x):
        flow.fit(x, n_epochs=3, batch_size=32)
        return flow.log_prob(x), flow.sample(50)
    return f, (torch.randn(64, 3),)


@entry("torchflows", "README / docs: coupling and masked-autoregressive rational-quadratic spline flows and a residual flow (ResFlow): log_prob backward and sample")
def torchflows_spline_residual():
    from torchflows.bijections.finite.autoregressive.architectures import CouplingRQNSF, MaskedAutoregressiveRQNSF
    from torchflows.bijections.finite.residual.architectures import ResFlow
    from torchflows.flows import Flow
    flows = [Flow(CouplingRQNSF(4)), Flow(MaskedAutoregressiveRQNSF(4)), Flow(ResFlow((4,)))]

    def f(x):
        out = []
        for flow in flows:
            loss = -flow.log_prob(x).mean()
            loss.backward()
            out.append((loss.detach(), flow.sample(8).detach()))
        return out
    return f, (torch.randn(16, 4),)


# ======================================================== equiformer-pytorch ==
# held-out set 10. equiformer-pytorch (lucidrains, Equiformer: SE(3)/E(3)-equivariant graph attention), as in its README.
@entry("equiformer-pytorch", "README: Equiformer(num_tokens, dim tuple, num_degrees=2, depth 1, MLP attention) on atom tokens, coordinates and a mask, type-0 output backward")
def equiformer_pytorch_tokens():
    os.environ.setdefault("CLEAR_CACHE", "1")  # no on-disk basis cache (same result on every run)
    from equiformer_pytorch import Equiformer
    model = Equiformer(num_tokens=10, dim=(8, 4), dim_head=(4, 4), heads=(2, 2), num_degrees=2, depth=1,
                       num_linear_attn_heads=0, attend_self=True, reduce_dim_out=True, l2_dist_attention=False)

    def f(feats, coors, mask):
        out = model(feats, coors, mask)
        out.type0.sum().backward()
        return out.type0.detach(), out.type1.detach()
    mask = torch.ones(1, 12).bool()
    mask[0, -2:] = False
    return f, (torch.randint(0, 10, (1, 12)), torch.randn(1, 12, 3), mask)


@entry("equiformer-pytorch", "README: Equiformer with continuous input features (dim_in), num_neighbors, dot-product (l2 distance) attention and an adjacency matrix (attend_sparse_neighbors), eval")
def equiformer_pytorch_neighbors():
    os.environ.setdefault("CLEAR_CACHE", "1")
    from equiformer_pytorch import Equiformer
    model = Equiformer(dim_in=6, dim=(8, 4), dim_head=(4, 4), heads=(2, 2), num_degrees=2, depth=1,
                       num_neighbors=4, attend_sparse_neighbors=True, num_adj_degrees_embed=2,
                       max_sparse_neighbors=4, reduce_dim_out=True).eval()

    def f(feats, coors, mask, adj):
        with torch.no_grad():
            out = model(feats, coors, mask, adj_mat=adj)
        return out.type0
    n = 10
    adj = torch.zeros(1, n, n).bool()
    idx = torch.arange(n)
    adj[0, idx, (idx + 1) % n] = True
    adj = adj | adj.transpose(-1, -2)
    return f, (torch.randn(1, n, 6), torch.randn(1, n, 3), torch.ones(1, n).bool(), adj)


# ---- held-out set 10, third batch
PACKAGES.update({
    "graph-transformer-pytorch": {"dirs": ["graph_transformer_pytorch"], "split": "dev"},
    "En-transformer": {"dirs": ["en_transformer"], "split": "dev"},
    "nGPT-pytorch": {"dirs": ["nGPT_pytorch"], "split": "dev"},
    "segformer-pytorch": {"dirs": ["segformer_pytorch"], "split": "dev"},
    "torch-interpol": {"dirs": ["interpol"], "split": "dev"},
    # "hypll": {"dirs": ["hypll"], "split": "dev"},  # dropped after its first collect (compile-error)
    "torch-tps": {"dirs": ["torch_tps"], "split": "dev"},
    "tsne-torch": {"dirs": ["tsne_torch"], "split": "dev"},
    "mctorch-lib": {"dirs": ["mctorch"], "split": "dev"},
    "torch-mdct": {"dirs": ["torch_mdct"], "split": "dev"},
})


# ================================================= graph-transformer-pytorch ==
# held-out set 10. graph-transformer-pytorch (lucidrains, graph transformer with edge features, as used in
# AlphaFold2-style models), as in its README.
@entry("graph-transformer-pytorch", "README: GraphTransformer(dim, depth, edge_dim, with_feedforwards, gated_residual, rel_pos_emb) on nodes, edges and a mask, backward")
def graph_transformer_pytorch_forward():
    from graph_transformer_pytorch import GraphTransformer
    model = GraphTransformer(dim=32, depth=2, edge_dim=16, with_feedforwards=True, gated_residual=True, rel_pos_emb=True,
                             heads=2, dim_head=16)

    def f(nodes, edges, mask):
        nodes_out, edges_out = model(nodes, edges, mask=mask)
        nodes_out.sum().backward()
        return nodes_out.detach(), edges_out.detach()
    mask = torch.ones(2, 10).bool()
    mask[1, 7:] = False
    return f, (torch.randn(2, 10, 32), torch.randn(2, 10, 10, 16), mask)


# ============================================================ En-transformer ==
# held-out set 10. En-transformer (lucidrains, E(n)-equivariant transformer for coordinates + features), as in
# its README.
@entry("En-transformer", "README: EnTransformer(dim, depth, edge_dim, neighbors) on features, coordinates, edges and a mask, backward through features and coordinates")
def en_transformer_forward():
    from en_transformer import EnTransformer
    model = EnTransformer(dim=32, depth=2, dim_head=64, heads=2, edge_dim=4, neighbors=4)

    def f(feats, coors, edges, mask):
        feats_out, coors_out = model(feats, coors, edges, mask=mask)
        (feats_out.sum() + coors_out.sum()).backward()
        return feats_out.detach(), coors_out.detach()
    mask = torch.ones(1, 12).bool()
    mask[0, -3:] = False
    return f, (torch.randn(1, 12, 32), torch.randn(1, 12, 3), torch.randn(1, 12, 12, 4), mask)


@entry("En-transformer", "README: EnTransformer with num_tokens, an adjacency matrix, num_adj_degrees and only_sparse_neighbors (molecule-style), eval")
def en_transformer_sparse_neighbors():
    from en_transformer import EnTransformer
    model = EnTransformer(num_tokens=10, dim=16, depth=1, dim_head=64, heads=1, neighbors=0,
                          only_sparse_neighbors=True, num_adj_degrees=2, adj_dim=4).eval()

    def f(atoms, coors, adj):
        with torch.no_grad():
            return model(atoms, coors, adj_mat=adj)
    n = 10
    i = torch.arange(n)
    adj = (i[:, None] == (i[None, :] + 1)) | (i[None, :] == (i[:, None] + 1))
    return f, (torch.randint(0, 10, (1, n)), torch.randn(1, n, 3), adj[None])


# ============================================================== nGPT-pytorch ==
# held-out set 10. nGPT-pytorch (lucidrains, normalized transformer on the hypersphere), as in its README.
@entry("nGPT-pytorch", "README: nGPT(num_tokens, dim, depth, attn_norm_qk=True): return_loss=True backward, then logits under no_grad")
def ngpt_pytorch_lm():
    from nGPT_pytorch import nGPT
    model = nGPT(num_tokens=64, dim=32, depth=2, dim_head=16, heads=2, attn_norm_qk=True)

    def f(x):
        loss = model(x, return_loss=True)
        loss.backward()
        with torch.no_grad():
            logits = model(x)
        return loss.detach(), logits
    return f, (torch.randint(0, 64, (2, 16)),)


# ========================================================= segformer-pytorch ==
# held-out set 10. segformer-pytorch (lucidrains, SegFormer semantic segmentation), as in its README.
@entry("segformer-pytorch", "README: Segformer(dims, heads, ff_expansion, reduction_ratio, num_layers, decoder_dim, num_classes) forward + segmentation loss backward")
def segformer_pytorch_forward():
    from segformer_pytorch import Segformer
    model = Segformer(dims=(8, 16, 24, 32), heads=(1, 2, 2, 4), ff_expansion=(4, 4, 2, 2), reduction_ratio=(8, 4, 2, 1),
                      num_layers=1, decoder_dim=32, num_classes=4)

    def f(img, target):
        pred = model(img)
        loss = torch.nn.functional.cross_entropy(pred, target)
        loss.backward()
        return loss.detach(), pred.detach()
    return f, (torch.randn(1, 3, 64, 64), torch.randint(0, 4, (1, 16, 16)))


# ============================================================ torch-interpol ==
# held-out set 10. torch-interpol (high-order spline interpolation with boundary conditions, for medical-image
# registration), as in its README quick doc.
@entry("torch-interpol", "README: identity_grid + displacement, grid_pull (cubic, dct2, prefilter) and its adjoint grid_push, backward to the displacement field")
def torch_interpol_pull_push():
    import interpol

    def f(image, disp):
        grid = interpol.identity_grid(image.shape[-2:]) + disp
        warped = interpol.grid_pull(image, grid, interpolation=3, bound="dct2", prefilter=True)
        pushed = interpol.grid_push(warped, grid, shape=image.shape[-2:], interpolation="linear", bound="zero")
        loss = (warped - image).pow(2).mean() + pushed.abs().mean()
        loss.backward()
        return warped.detach(), disp.grad
    return f, (torch.randn(1, 2, 16, 16), (0.5 * torch.randn(1, 16, 16, 2)).requires_grad_(True))


@entry("torch-interpol", "README: spline_coeff_nd, resize by a factor (quadratic, prefilter), restrict, affine_grid + grid_pull of a 3D volume with label (integer) input")
def torch_interpol_resize_affine():
    import interpol

    def f(image, vol, labels, mat):
        coeff = interpol.spline_coeff_nd(image, interpolation=3, bound="dct2", dim=2)
        up = interpol.resize(image, factor=2, interpolation=2, prefilter=True)
        down = interpol.restrict(image, factor=2)
        grid = interpol.affine_grid(mat, vol.shape[-3:])
        pulled = interpol.grid_pull(vol, grid, interpolation=1, bound="replicate")
        soft = interpol.grid_pull(labels, grid, interpolation=1, bound="replicate")
        return coeff, up, down, pulled, soft
    mat = torch.eye(4)
    mat[:3, 3] = torch.tensor([0.5, -0.3, 0.2])
    return f, (torch.randn(1, 1, 12, 12), torch.randn(1, 1, 8, 8, 8), torch.randint(0, 3, (1, 1, 8, 8, 8)), mat)


# ===================================================================== hypll ==
# held-out set 10. hypll (Hyperbolic Learning Library: Poincare-ball manifolds, hyperbolic layers and Riemannian
# optimizers), as in its README / tutorial. Dropped after its first collect: both entry points compile-error.
# @entry("hypll", "tutorial: PoincareBall(Curvature(requires_grad)), expmap of TangentTensor inputs, HConvolution2d / HReLU / HMaxPool2d / HLinear net, RiemannianAdam step")
# def hypll_cnn_training():
#     import hypll.nn as hnn
#     from hypll.manifolds.poincare_ball import Curvature, PoincareBall
#     from hypll.optim import RiemannianAdam
#     from hypll.tensors import TangentTensor
#     manifold = PoincareBall(c=Curvature(requires_grad=True))

#     class Net(torch.nn.Module):
#         def __init__(self):
#             super().__init__()
#             self.conv1 = hnn.HConvolution2d(in_channels=3, out_channels=4, kernel_size=3, manifold=manifold)
#             self.pool = hnn.HMaxPool2d(kernel_size=2, manifold=manifold, stride=2)
#             self.relu = hnn.HReLU(manifold=manifold)
#             self.fc1 = hnn.HLinear(in_features=4 * 3 * 3, out_features=10, manifold=manifold)

#         def forward(self, x):
#             x = self.pool(self.relu(self.conv1(x)))
#             x = x.flatten(start_dim=1)
#             return self.fc1(x)

#     net = Net()
#     optimizer = RiemannianAdam(net.parameters(), lr=0.001)

#     def f(inputs, labels):
#         tangents = TangentTensor(data=inputs, man_dim=1, manifold=manifold)
#         manifold_inputs = manifold.expmap(tangents)
#         outputs = net(manifold_inputs)
#         loss = torch.nn.functional.cross_entropy(outputs.tensor, labels)
#         optimizer.zero_grad()
#         loss.backward()
#         optimizer.step()
#         return loss.detach()
#     return f, (torch.randn(2, 3, 8, 8), torch.tensor([1, 4]))


# @entry("hypll", "README: HEmbedding + HLinear + HBatchNorm on the Poincare ball, mobius ops (logmap / expmap / dist / midpoint), RiemannianSGD step")
# def hypll_embedding_ops():
#     import hypll.nn as hnn
#     from hypll.manifolds.poincare_ball import Curvature, PoincareBall
#     from hypll.optim import RiemannianSGD
#     manifold = PoincareBall(c=Curvature(1.0))
#     emb = hnn.HEmbedding(20, 8, manifold=manifold)
#     lin = hnn.HLinear(8, 8, manifold=manifold)
#     bn = hnn.HBatchNorm(8, manifold=manifold)
#     params = list(emb.parameters()) + list(lin.parameters()) + list(bn.parameters())
#     opt = RiemannianSGD(params, lr=0.01)

#     def f(idx, other):
#         x = emb(idx)
#         y = bn(lin(x))
#         z = emb(other)
#         d = manifold.dist(y, z)
#         mid = manifold.midpoint(y, batch_dim=0)
#         loss = d.mean() + manifold.logmap(None, mid).tensor.pow(2).sum()
#         opt.zero_grad()
#         loss.backward()
#         opt.step()
#         return loss.detach()
#     return f, (torch.randint(0, 20, (6,)), torch.randint(0, 20, (6,)))


# ================================================================= torch-tps ==
# held-out set 10. torch-tps (thin plate / polyharmonic spline interpolation), as in its README.
@entry("torch-tps", "README: ThinPlateSpline(alpha=0.5).fit(control points R^3 -> R^2).transform(new points), and order-3 spline in 2D")
def torch_tps_fit_transform():
    from torch_tps import ThinPlateSpline

    def f(x_train, y_train, x_test, p2, q2):
        tps = ThinPlateSpline(alpha=0.5)
        tps.fit(x_train, y_train)
        y = tps.transform(x_test)
        tps2 = ThinPlateSpline(alpha=0.0, order=3)
        tps2.fit(p2, q2)
        return y, tps2.transform(p2 + 0.1)
    return f, (torch.randn(40, 3), torch.randn(40, 2), torch.randn(100, 3), torch.rand(16, 2), torch.rand(16, 2))


# ================================================================ tsne-torch ==
# held-out set 10. tsne-torch (t-SNE in PyTorch), as in its README.
@entry("tsne-torch", "README: TorchTSNE(n_components=2, perplexity, n_iter, verbose=True).fit_transform(X) on 40 points (default initial_dims: no PCA step)")
def tsne_torch_fit_transform():
    from tsne_torch import TorchTSNE as TSNE

    def f(X):
        return TSNE(n_components=2, perplexity=5, n_iter=30, verbose=True).fit_transform(X)
    return f, (torch.randn(40, 12),)


# =============================================================== mctorch-lib ==
# held-out set 10. mctorch-lib (manifold optimization for deep learning: Stiefel / positive-definite parameters,
# Riemannian SGD / Adagrad / conjugate gradient), as in its README.
@entry("mctorch-lib", "README: PCA on the Stiefel manifold: mnn.Parameter(manifold=Stiefel(3, 2)), reconstruction cost, rAdagrad steps")
def mctorch_lib_pca():
    import mctorch.nn as mnn
    import mctorch.optim as moptim
    manifold_param = mnn.Parameter(manifold=mnn.Stiefel(3, 2))
    optimizer = moptim.rAdagrad(params=[manifold_param], lr=1e-2)

    def f(X):
        for _ in range(5):
            wTX = torch.matmul(manifold_param.transpose(1, 0), X)
            cost = torch.sum((X - torch.matmul(manifold_param, wTX)) ** 2)
            cost.backward()
            optimizer.step()
            optimizer.zero_grad()
        return cost.detach()
    return f, (torch.diag(torch.tensor([3.0, 2.0, 1.0])).matmul(torch.randn(3, 50)),)


@entry("mctorch-lib", "README: ManifoldMLP with rLinear layers (Stiefel weights; the PositiveDefinite retraction calls the removed torch.solve), NLL backward and rSGD step")
def mctorch_lib_mlp():
    import mctorch.nn as mnn
    import mctorch.optim as moptim

    class ManifoldMLP(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.layer1 = mnn.rLinear(in_features=16, out_features=8, weight_manifold=mnn.Stiefel)
            self.layer2 = mnn.rLinear(in_features=8, out_features=8, weight_manifold=mnn.Stiefel)
            self.output = mnn.rLinear(in_features=8, out_features=4, weight_manifold=mnn.Stiefel)

        def forward(self, x):
            x = torch.nn.functional.relu(self.layer1(x))
            x = torch.nn.functional.relu(self.layer2(x))
            return torch.nn.functional.log_softmax(self.output(x), dim=0)

    mlp = ManifoldMLP()
    opt = moptim.rSGD(mlp.parameters(), lr=1e-2)

    def f(x, y):
        cost = torch.nn.functional.nll_loss(mlp(x), y)
        cost.backward()
        opt.step()
        opt.zero_grad()
        return cost.detach()
    return f, (torch.randn(6, 16), torch.randint(0, 4, (6,)))


# ================================================================ torch-mdct ==
# held-out set 10. torch-mdct (MDCT / IMDCT transforms for audio codecs), as in its README.
@entry("torch-mdct", "README: MDCT / IMDCT (vorbis and kaiser_bessel_derived windows) round trip of a waveform, L1 reconstruction error")
def torch_mdct_roundtrip():
    from torch_mdct import IMDCT, MDCT, kaiser_bessel_derived, vorbis
    mdct = MDCT(win_length=64, window_fn=vorbis, window_kwargs=None, center=True)
    imdct = IMDCT(win_length=64, window_fn=vorbis, window_kwargs=None, center=True)
    mdct_kbd = MDCT(win_length=32, window_fn=kaiser_bessel_derived, window_kwargs={"beta": 4.0}, center=False)

    def f(waveform):
        spectrogram = mdct(waveform)
        recon = imdct(spectrogram)
        return spectrogram, (waveform - recon[..., :waveform.shape[-1]]).abs().mean(), mdct_kbd(waveform)
    return f, (torch.randn(2, 1024),)


# ---- held-out set 10, fourth batch
PACKAGES.update({
    "torch-yin": {"dirs": ["torchyin"], "split": "dev"},
    "torchsparsegradutils": {"dirs": ["torchsparsegradutils"], "split": "dev"},
    "PEER-pytorch": {"dirs": ["PEER_pytorch"], "split": "dev"},
    "x-unet": {"dirs": ["x_unet"], "split": "dev"},
    "torch-ppr": {"dirs": ["torch_ppr"], "split": "dev"},
    "pytorch-model-summary": {"dirs": ["pytorch_model_summary"], "split": "dev"},
})


# ================================================================= torch-yin ==
# held-out set 10. torch-yin (YIN fundamental-frequency / pitch estimation in PyTorch), as in its README.
@entry("torch-yin", "README: torchyin.estimate of a 440 Hz sinusoid, and of a batch of piano-key sinusoids with pitch_min / pitch_max")
def torch_yin_estimate():
    import torchyin
    fs = 8000

    def f(y, batch):
        p1 = torchyin.estimate(y, sample_rate=fs)
        p2 = torchyin.estimate(batch, sample_rate=fs, pitch_min=50, pitch_max=2000)
        return p1, p2
    t = torch.arange(fs // 4)
    freqs = 2 ** ((torch.arange(40, 52) - 48) / 12) * 440
    return f, (torch.sin(2 * torch.pi * 440 / fs * t), torch.sin(2 * torch.pi * freqs.unsqueeze(1) / fs * t.unsqueeze(0)))


# ====================================================== torchsparsegradutils ==
# held-out set 10. torchsparsegradutils (sparse matmul / sparse linear solvers with gradients), as in its README
# quick start.
@entry("torchsparsegradutils", "README: sparse_mm (COO) backward to values and dense matrix; sparse_triangular_solve (CSR, lower) backward")
def torchsparsegradutils_mm_triangular():
    from torchsparsegradutils import sparse_mm, sparse_triangular_solve
    from torchsparsegradutils.utils import rand_sparse_tri

    def f(values, B, b):
        A = torch.sparse_coo_tensor(torch.tensor([[0, 1, 1], [2, 0, 2]]), values, (2, 3))
        C = sparse_mm(A, B)
        C.sum().backward()
        x = sparse_triangular_solve(L, b, upper=False)
        x.sum().backward()
        return C.detach(), x.detach()
    L = rand_sparse_tri((12, 12), nnz=30, layout=torch.sparse_csr, upper=False, well_conditioned=True)
    return f, (torch.tensor([3.0, 4.0, 5.0], requires_grad=True), torch.randn(3, 4, requires_grad=True),
               torch.randn(12, 2, requires_grad=True))


@entry("torchsparsegradutils", "README: sparse_generic_solve with the built-in linear_cg, bicgstab and minres solvers on a well-conditioned sparse SPD matrix, backward")
def torchsparsegradutils_generic_solve():
    from torchsparsegradutils import sparse_generic_solve
    from torchsparsegradutils.utils import bicgstab, linear_cg, minres, rand_sparse
    M = rand_sparse((10, 10), nnz=20, well_conditioned=True).to_dense()
    A = (M @ M.T + 10 * torch.eye(10)).to_sparse_coo()

    def f(b):
        x1 = sparse_generic_solve(A, b, solve=linear_cg, transpose_solve=linear_cg)
        x2 = sparse_generic_solve(A, b, solve=bicgstab, transpose_solve=bicgstab)
        x3 = sparse_generic_solve(A, b, solve=minres, transpose_solve=minres)
        (x1.sum() + x2.sum() + x3.sum()).backward()
        return x1.detach(), x2.detach(), x3.detach()
    return f, (torch.randn(10, 2, requires_grad=True),)


# ============================================================== PEER-pytorch ==
# held-out set 10. PEER-pytorch (lucidrains, "Mixture of A Million Experts": parameter-efficient expert retrieval
# with product keys), as in its README.
@entry("PEER-pytorch", "README: PEER(dim, heads, num_experts, num_experts_per_head, dim_key, pre_rmsnorm) residual forward + backward")
def peer_pytorch_forward():
    from PEER_pytorch import PEER
    peer = PEER(dim=32, heads=2, num_experts=256, num_experts_per_head=4, dim_key=16, pre_rmsnorm=True)

    def f(x):
        out = peer(x) + x
        out.sum().backward()
        return out.detach()
    return f, (torch.randn(2, 16, 32),)


# ==================================================================== x-unet ==
# held-out set 10. x-unet (lucidrains, U-Net variants: nested U-Net squared, 3D video U-Net), as in its README.
@entry("x-unet", "README: XUnet 2D with nested_unet_depths and consolidate_upsample_fmaps, backward; 3D XUnet (frame_kernel_size, weight_standardize) on a short video, eval")
def x_unet_forward():
    from x_unet import XUnet
    unet = XUnet(dim=8, channels=3, dim_mults=(1, 2, 4, 8), nested_unet_depths=(2, 1, 1, 1), consolidate_upsample_fmaps=True)
    unet3d = XUnet(dim=8, frame_kernel_size=3, channels=3, dim_mults=(1, 2, 4, 8), nested_unet_depths=(2, 1, 1, 1),
                   consolidate_upsample_fmaps=True, weight_standardize=True).eval()

    def f(img, video):
        out = unet(img)
        out.pow(2).mean().backward()
        with torch.no_grad():
            vout = unet3d(video)
        return out.detach(), vout
    return f, (torch.randn(1, 3, 64, 64), torch.randn(1, 3, 4, 32, 32))


# ================================================================= torch-ppr ==
# held-out set 10. torch-ppr ((personalized) PageRank on graphs with PyTorch sparse ops), as in its README.
@entry("torch-ppr", "README: page_rank(edge_index=...) and personalized_page_rank(edge_index=..., indices=[...]) on a small graph")
def torch_ppr_page_rank():
    from torch_ppr import page_rank, personalized_page_rank

    def f(edge_index):
        return page_rank(edge_index=edge_index), personalized_page_rank(edge_index=edge_index, indices=[0, 2])
    return f, (torch.as_tensor(data=[(0, 1), (1, 2), (1, 3), (2, 4), (3, 4), (4, 0), (2, 5), (5, 1)]).t(),)


# ===================================================== pytorch-model-summary ==
# held-out set 10. pytorch-model-summary (Keras-style model summary table), as in its README.
@entry("pytorch-model-summary", "README: summary(Net(), input, show_input=True / False, show_hierarchical=True) of the MNIST conv net, and of an LSTM model")
def pytorch_model_summary_tables():
    from pytorch_model_summary import summary

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = torch.nn.Conv2d(1, 10, kernel_size=5)
            self.conv2 = torch.nn.Conv2d(10, 20, kernel_size=5)
            self.conv2_drop = torch.nn.Dropout2d()
            self.fc1 = torch.nn.Linear(320, 50)
            self.fc2 = torch.nn.Linear(50, 10)

        def forward(self, x):
            x = torch.nn.functional.relu(torch.nn.functional.max_pool2d(self.conv1(x), 2))
            x = torch.nn.functional.relu(torch.nn.functional.max_pool2d(self.conv2_drop(self.conv2(x)), 2))
            x = x.view(-1, 320)
            x = torch.nn.functional.relu(self.fc1(x))
            x = torch.nn.functional.dropout(x, training=self.training)
            return torch.nn.functional.log_softmax(self.fc2(x), dim=1)

    class Seq(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = torch.nn.Embedding(20, 8)
            self.lstm = torch.nn.LSTM(8, 16, batch_first=True)
            self.out = torch.nn.Linear(16, 3)

        def forward(self, x):
            h, _ = self.lstm(self.emb(x))
            return self.out(h[:, -1])

    net, seq = Net(), Seq()

    def f(img, tokens):
        a = summary(net, img, show_input=True)
        b = summary(net, img, show_input=False, show_hierarchical=True)
        c = summary(seq, tokens, batch_size=2)
        return a, b, c
    return f, (torch.zeros((1, 1, 28, 28)), torch.randint(0, 20, (2, 5)))


# ---- held-out set 11 (chosen 2026-11-21 by a helper blind to graphlint), first batch
PACKAGES.update({
    "torch-complex": {"dirs": ["torch_complex"], "split": "dev"},
    "ci-sdr": {"dirs": ["ci_sdr"], "split": "dev"},
    # "torchlie": {"dirs": ["torchlie"], "split": "dev"},  # dropped: both entry points compile-error
    "ivon-opt": {"dirs": ["ivon"], "split": "dev"},
    "complexPyTorch": {"dirs": ["complexPyTorch"], "split": "dev"},
    "charformer-pytorch": {"dirs": ["charformer_pytorch"], "split": "dev"},
    "revlib": {"dirs": ["revlib"], "split": "dev"},
    "torchinterp1d": {"dirs": ["torchinterp1d"], "split": "dev"},
    "isab-pytorch": {"dirs": ["isab_pytorch"], "split": "dev"},
    "hourglass-transformer-pytorch": {"dirs": ["hourglass_transformer_pytorch"], "split": "dev"},
    "slot-attention": {"dirs": ["slot_attention"], "split": "dev"},
})


# ============================================================= torch-complex ==
# held-out set 11. torch-complex (ComplexTensor as a pair of real tensors, used by ESPnet's speech enhancement
# frontends), as in its README.
@entry("torch-complex", "README: ComplexTensor +, *, -, /, ** 1.5, @, conj, inverse, functional cat / stack / matmul / einsum, backward")
def torch_complex_ops():
    import torch_complex.functional as FC
    from torch_complex.tensor import ComplexTensor

    def f(real, imag):
        x = ComplexTensor(real, imag)
        y = (x + x) * x - x / (x + 2.0)
        z = x ** 1.5
        w = x @ x.conj()
        inv = x.inverse()
        c = FC.cat([x, y], dim=0)
        s = FC.stack([z, w], dim=0)
        m = FC.matmul(x, inv)
        e = FC.einsum("bij,bjk,bkl->bil", [x, x, x])
        loss = c.abs().sum() + s.abs().sum() + m.abs().sum() + e.abs().mean()
        loss.backward()
        return loss.detach()
    return f, (torch.randn(3, 4, 4, requires_grad=True), torch.randn(3, 4, 4, requires_grad=True))


@entry("torch-complex", "ESPnet-style MVDR beamformer on a ComplexTensor spectrum: masked PSD einsums, functional solve and trace, einsum beamforming, backward to the mask logits")
def torch_complex_mvdr():
    import torch_complex.functional as FC
    from torch_complex.tensor import ComplexTensor

    def f(spec_r, spec_i, mask_logits):
        spec = ComplexTensor(spec_r, spec_i)  # (B, F, C, T)
        mask = torch.sigmoid(mask_logits)  # (B, F, C, T)
        psd_s = FC.einsum("...ct,...et->...ce", [spec * mask, spec.conj()]) / mask.sum(-1)[..., None]
        psd_n = FC.einsum("...ct,...et->...ce", [spec * (1 - mask), spec.conj()]) / (1 - mask).sum(-1)[..., None]
        eye = torch.eye(psd_n.shape[-1])
        psd_n = psd_n + eye * 1e-3
        numerator = FC.solve(psd_s, psd_n)
        ws = numerator / (FC.trace(numerator)[..., None, None] + 1e-6)
        beamform_vector = ws[..., 0]
        enhanced = FC.einsum("...c,...ct->...t", [beamform_vector.conj(), spec])
        loss = enhanced.abs().pow(2).mean()
        loss.backward()
        return loss.detach()
    return f, (torch.randn(1, 5, 3, 16), torch.randn(1, 5, 3, 16), torch.randn(1, 5, 3, 16, requires_grad=True))


# ==================================================================== ci-sdr ==
# held-out set 11. ci-sdr (convolutive transfer function invariant SDR loss for speech separation, fgnt Paderborn), as
# in its README.
@entry("ci-sdr", "README: ci_sdr.pt.ci_sdr_loss(estimation, reference) of two speakers (permutation), backward; ci_sdr without permutation and a short filter")
def ci_sdr_loss_fn():
    import ci_sdr

    def f(estimation, reference):
        sdr = ci_sdr.pt.ci_sdr_loss(estimation, reference)
        sdr.sum().backward()
        plain = ci_sdr.pt.ci_sdr(estimation.detach(), reference, compute_permutation=False, filter_length=64)
        return sdr.detach(), plain
    return f, (torch.randn(2, 4000, requires_grad=True), torch.randn(2, 4000))


# ================================================================== torchlie ==
# held-out set 11. torchlie: dropped after the first collect (both entry points compile-error), see README.md.
# @entry("torchlie", "README: LieTensor SE3 log / inv / compose / jcompose / * / @ transform_from / local on a requires_grad SE3 leaf, backward")
# def torchlie_lietensor_ops():
#     import torchlie as lie
#     g1 = lie.SE3.rand(5, requires_grad=True)
#     g2 = lie.SE3.rand(5)

#     def f(p, v):
#         out1 = g1.log()
#         out2 = g1.inv()
#         out3 = g1.compose(g2)
#         jacs, out4 = g1.jcompose(g2)
#         out5 = g1 * g2
#         pt = g1 @ p
#         d = g1.local(g2)
#         e = lie.SE3.exp(v)
#         loss = out1.sum() + out2._t.sum() + out3._t.sum() + jacs[0].sum() + out4._t.sum() + out5._t.sum() + pt.sum() + (d ** 2).sum()
#         loss.backward()
#         return loss.detach(), e._t
#     return f, (torch.randn(5, 3), 0.1 * torch.randn(5, 6))


# @entry("torchlie", "README: torchlie.functional SO3 / SE3 exp, log, inv, compose, transform, hat / vee on plain tensors, then the README's Adam loop on an SE3 LieTensor leaf")
# def torchlie_functional_and_opt():
#     import torchlie as lie
#     import torchlie.functional as lieF
#     g1 = lie.SE3.rand(1, requires_grad=True)
#     g2 = lie.SE3.rand(1)
#     opt = torch.optim.Adam([g1], lr=0.1)

#     def f(w, xi, p):
#         R = lieF.SO3.exp(w)
#         wl = lieF.SO3.log(R)
#         T = lieF.SE3.exp(xi)
#         Ti = lieF.SE3.inv(T)
#         TT = lieF.SE3.compose(T, Ti)
#         q = lieF.SE3.transform(T, p)
#         h = lieF.SO3.vee(lieF.SO3.hat(w))
#         for _ in range(3):
#             opt.zero_grad()
#             d = g1.local(g2)
#             loss = torch.sum(d ** 2)
#             loss.backward()
#             opt.step()
#         return R, wl, TT, q, h, loss.detach()
#     return f, (0.3 * torch.randn(4, 3), 0.3 * torch.randn(4, 6), torch.randn(4, 3))


# ================================================================== ivon-opt ==
# held-out set 11. ivon-opt (IVON, improved variational online Newton: variational / Bayesian deep learning optimizer),
# as in its README usage guide.
@entry("ivon-opt", "README: IVON(lr, ess) training loop with train_samples=2 sampled_params(train=True), step, then posterior-averaged prediction with test_samples=2")
def ivon_train_predict():
    import ivon
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    optimizer = ivon.IVON(model.parameters(), lr=0.1, ess=64)

    def f(X, y):
        for _ in range(2):
            with optimizer.sampled_params(train=True):
                optimizer.zero_grad()
                logit = model(X)
                loss = torch.nn.functional.cross_entropy(logit, y)
                loss.backward()
        optimizer.step()
        sampled_probs = []
        for _ in range(2):
            with optimizer.sampled_params():
                sampled_logit = model(X)
                sampled_probs.append(torch.nn.functional.softmax(sampled_logit, dim=1))
        prob = torch.mean(torch.stack(sampled_probs), dim=0)
        _, prediction = prob.max(1)
        return loss.detach(), prediction
    return f, (torch.randn(16, 8), torch.randint(0, 3, (16,)))


# ============================================================ complexPyTorch ==
# held-out set 11. complexPyTorch (complex-valued neural network layers), as in its README example.
@entry("complexPyTorch", "README: ComplexNet (ComplexConv2d, ComplexBatchNorm2d, complex_relu, complex_max_pool2d, ComplexLinear, abs, log_softmax) SGD training step on complex64 images")
def complexpytorch_net():
    import torch.nn.functional as F
    from complexPyTorch.complexFunctions import complex_max_pool2d, complex_relu
    from complexPyTorch.complexLayers import ComplexBatchNorm2d, ComplexConv2d, ComplexLinear

    class ComplexNet(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = ComplexConv2d(1, 10, 5, 1)
            self.bn = ComplexBatchNorm2d(10)
            self.conv2 = ComplexConv2d(10, 20, 5, 1)
            self.fc1 = ComplexLinear(4 * 4 * 20, 500)
            self.fc2 = ComplexLinear(500, 10)

        def forward(self, x):
            x = self.conv1(x)
            x = complex_relu(x)
            x = complex_max_pool2d(x, 2, 2)
            x = self.bn(x)
            x = self.conv2(x)
            x = complex_relu(x)
            x = complex_max_pool2d(x, 2, 2)
            x = x.view(-1, 4 * 4 * 20)
            x = self.fc1(x)
            x = complex_relu(x)
            x = self.fc2(x)
            x = x.abs()
            return F.log_softmax(x, dim=1)

    model = ComplexNet()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def f(data, target):
        optimizer.zero_grad()
        output = model(data)
        loss = F.nll_loss(output, target)
        loss.backward()
        optimizer.step()
        return loss.detach()
    return f, (torch.randn(4, 1, 28, 28).type(torch.complex64), torch.randint(0, 10, (4,)))


@entry("complexPyTorch", "README layers: ComplexLinear, NaiveComplexBatchNorm1d, ComplexBatchNorm1d, ComplexDropout, ComplexConvTranspose2d, complex_upsample, eval")
def complexpytorch_layers():
    from complexPyTorch.complexFunctions import complex_upsample
    from complexPyTorch.complexLayers import (ComplexBatchNorm1d, ComplexConvTranspose2d,
                                              ComplexDropout, ComplexLinear, ComplexReLU,
                                              NaiveComplexBatchNorm1d)
    lin = ComplexLinear(6, 8)
    nbn = NaiveComplexBatchNorm1d(8)
    cbn = ComplexBatchNorm1d(8)
    drop = ComplexDropout(0.2)
    relu = ComplexReLU()
    up = ComplexConvTranspose2d(2, 3, 3, stride=2)
    mods = torch.nn.ModuleList([lin, nbn, cbn, drop, up])

    def f(x, img):
        mods.train()
        h = drop(relu(cbn(nbn(lin(x)))))
        mods.eval()
        with torch.no_grad():
            h2 = cbn(nbn(lin(x)))
        y = up(img)
        y = complex_upsample(y, scale_factor=2)
        return h.abs().sum(), h2, y
    return f, (torch.randn(8, 6, dtype=torch.complex64), torch.randn(2, 2, 8, 8, dtype=torch.complex64))


# ======================================================== charformer-pytorch ==
# held-out set 11. charformer-pytorch (lucidrains, Charformer's gradient-based subword tokenization, GBST, for
# tokenization-free byte-level models), as in its README.
@entry("charformer-pytorch", "README: GBST(num_tokens=257, max_block_size=4, downsample_factor=4, score_consensus_attn=True) on bytes with a mask, backward")
def charformer_gbst():
    from charformer_pytorch import GBST
    tokenizer = GBST(num_tokens=257, dim=64, max_block_size=4, downsample_factor=4, score_consensus_attn=True)

    def f(tokens, mask):
        out, out_mask = tokenizer(tokens, mask=mask)
        out.sum().backward()
        return out.detach(), out_mask
    return f, (torch.randint(0, 257, (1, 255)), torch.ones(1, 255).bool())


# ==================================================================== revlib ==
# held-out set 11. revlib (reversible networks, RevNet / MomentumNet, with memory-saving reversible backward), as in
# its README.
@entry("revlib", "README: iRevNet-style ReversibleSequential of conv blocks between two convs, backward; MomentumNet coupling_forward / coupling_inverse, backward")
def revlib_revnet():
    import revlib
    channels = 4

    def conv(cin, cout):
        return torch.nn.Conv2d(cin, cout, (3, 3), padding=1)

    def block_conv(cin, cout):
        return torch.nn.Sequential(conv(cin, cout), torch.nn.Dropout(0.2), torch.nn.BatchNorm2d(cout), torch.nn.ReLU())

    def block():
        return torch.nn.Sequential(block_conv(channels, channels * 2), block_conv(channels * 2, channels),
                                   conv(channels, channels))
    rev_model = revlib.ReversibleSequential(*[block() for _ in range(3)])
    model = torch.nn.Sequential(conv(3, 2 * channels), rev_model, conv(2 * channels, 5))
    beta = 0.9

    def momentum_coupling_forward(other_stream, fn_out):
        return other_stream * beta + fn_out * (1 - beta)

    def momentum_coupling_inverse(output, fn_out):
        return (output - fn_out * (1 - beta)) / beta
    mom = revlib.ReversibleSequential(*[layer for _ in range(2) for layer in [conv(channels, channels), torch.nn.Identity()]],
                                      coupling_forward=[momentum_coupling_forward, revlib.additive_coupling_forward],
                                      coupling_inverse=[momentum_coupling_inverse, revlib.additive_coupling_inverse])

    def f(inp, inp2):
        out = model(inp)
        out.mean().backward()
        out2 = mom(inp2)
        out2.pow(2).mean().backward()
        return out.detach(), out2.detach()
    return f, (torch.randn(2, 3, 16, 16, requires_grad=True), torch.randn(2, 2 * channels, 8, 8, requires_grad=True))


# ============================================================= torchinterp1d ==
# held-out set 11. torchinterp1d (batched linear 1-D interpolation with gradients), as in its README.
@entry("torchinterp1d", "README: interp1d(x, y, xnew) for a batch of 1-D functions (2-D inputs) and a flat 1-D case (forward only: its custom backward fails eagerly with torch 2.13)")
def torchinterp1d_fn():
    from torchinterp1d import interp1d

    def f(x, y, xnew, x1, y1, xnew1):
        ynew = interp1d(x, y, xnew)
        ynew1 = interp1d(x1, y1, xnew1)
        return ynew, ynew1
    x = torch.sort(torch.rand(4, 20), dim=1).values
    x1 = torch.linspace(0, 1, 30)
    return f, (x, torch.randn(4, 20), torch.rand(4, 50), x1, torch.sin(6 * x1), torch.rand(40))


# ============================================================== isab-pytorch ==
# held-out set 11. isab-pytorch (lucidrains, induced set attention block from the Set Transformer), as in its README.
@entry("isab-pytorch", "README: ISAB with learned latents (latent_self_attend) and a mask; ISAB with latents passed in; backward")
def isab_forward():
    from isab_pytorch import ISAB
    attn = ISAB(dim=32, heads=4, num_latents=16, latent_self_attend=True)
    attn2 = ISAB(dim=32, heads=4)

    def f(seq, mask, latents):
        out, lat = attn(seq, mask=mask)
        out2, lat2 = attn2(seq, latents, mask=mask)
        (out.sum() + lat.sum() + out2.sum() + lat2.sum()).backward()
        return out.detach(), out2.detach()
    return f, (torch.randn(2, 64, 32), torch.ones(2, 64).bool(), torch.randn(2, 8, 32, requires_grad=True))


# ============================================= hourglass-transformer-pytorch ==
# held-out set 11. hourglass-transformer-pytorch (lucidrains, hierarchical "Hourglass" transformer for
# character-level language modeling), as in its README.
@entry("hourglass-transformer-pytorch", "README: HourglassTransformerLM with nested shorten_factor=(2, 4) and depth=(2, (1, 1, 1), 2), LM loss backward; non-causal HourglassTransformer with linear resampling")
def hourglass_lm():
    from hourglass_transformer_pytorch import HourglassTransformer, HourglassTransformerLM
    model = HourglassTransformerLM(num_tokens=256, dim=32, max_seq_len=64, shorten_factor=(2, 4), depth=(2, (1, 1, 1), 2),
                                   heads=2, dim_head=16)
    enc = HourglassTransformer(dim=32, depth=(1, 1, 1), shorten_factor=2, updown_sample_type="linear", heads=2, dim_head=16)

    def f(x, feats):
        logits = model(x[:, :-1])
        loss = torch.nn.functional.cross_entropy(logits.transpose(1, 2), x[:, 1:])
        loss.backward()
        return loss.detach(), enc(feats)
    return f, (torch.randint(0, 256, (2, 65)), torch.randn(2, 32, 32))


# ============================================================ slot-attention ==
# held-out set 11. slot-attention (lucidrains, object-centric slot attention), as in its README.
@entry("slot-attention", "README: SlotAttention(num_slots=5, iters=3) with num_slots override, MultiHeadSlotAttention, AdaptiveSlotWrapper, backward")
def slot_attention_forward():
    from slot_attention import AdaptiveSlotWrapper, MultiHeadSlotAttention, SlotAttention
    slot_attn = SlotAttention(num_slots=5, dim=32, iters=3, hidden_dim=32)
    mh = MultiHeadSlotAttention(num_slots=5, dim=32, heads=2, dim_head=16, iters=3, hidden_dim=32)
    adaptive = AdaptiveSlotWrapper(SlotAttention(num_slots=5, dim=32, iters=3, hidden_dim=32))

    def f(inputs):
        s1 = slot_attn(inputs)
        s2 = slot_attn(inputs, num_slots=3)
        s3 = mh(inputs)
        s4, keep = adaptive(inputs)
        (s1.sum() + s2.sum() + s3.sum() + s4.sum()).backward()
        return s1.detach(), keep
    return f, (torch.randn(2, 64, 32),)


# ---- held-out set 11, second batch
PACKAGES.update({
    "VN-transformer": {"dirs": ["VN_transformer"], "split": "dev"},
    "speculative-decoding": {"dirs": ["speculative_decoding"], "split": "dev"},
    "torch-cubic-spline-grids": {"dirs": ["torch_cubic_spline_grids"], "split": "dev"},
    "mlm-pytorch": {"dirs": ["mlm_pytorch"], "split": "dev"},
    "torchgpipe": {"dirs": ["torchgpipe"], "split": "dev"},
    "compressive-transformer-pytorch": {"dirs": ["compressive_transformer_pytorch"], "split": "dev"},
    "foolbox": {"dirs": ["foolbox"], "split": "dev"},
})


# ============================================================ VN-transformer ==
# held-out set 11. VN-transformer (lucidrains, rotation-equivariant Vector Neuron transformer for point clouds), as in
# its README.
@entry("VN-transformer", "README: VNTransformer(dim_feat, bias_epsilon) on coordinates + features with a mask, backward; translation_equivariance and l2_dist_attn variant, eval")
def vn_transformer_forward():
    from VN_transformer import VNTransformer
    model = VNTransformer(dim=16, depth=2, dim_head=8, heads=2, dim_feat=8, bias_epsilon=1e-6)
    model2 = VNTransformer(dim=16, depth=1, dim_head=8, heads=2, translation_equivariance=True, l2_dist_attn=True).eval()

    def f(coors, feats, mask):
        coors_out, feats_out = model(coors, feats=feats, mask=mask, return_concatted_coors_and_feats=False)
        (coors_out.sum() + feats_out.sum()).backward()
        with torch.no_grad():
            out2 = model2(coors)
        return coors_out.detach(), out2
    return f, (torch.randn(1, 32, 3), torch.randn(1, 32, 8), torch.ones(1, 32).bool())


# ====================================================== speculative-decoding ==
# held-out set 11. speculative-decoding (lucidrains, speculative sampling with a small draft model, Leviathan et al.), as
# in its README / train script.
@entry("speculative-decoding", "README: Decoder LM loss backward; base_decoding and speculative_decoding(net, small_net, prompt, seq_len, gamma), eval", calls=1)
def speculative_decoding_sample():
    from speculative_decoding import Decoder, base_decoding, speculative_decoding
    net = Decoder(num_tokens=64, dim=32, depth=2, heads=2, dim_head=16)
    small_net = Decoder(num_tokens=64, dim=32, depth=1, heads=2, dim_head=16)

    def f(data, prompt):
        loss = net(data, return_loss=True)
        loss.backward()
        net.eval(); small_net.eval()
        with torch.no_grad():
            out_base = base_decoding(net, prompt, 16)
            out_spec, accept = speculative_decoding(net, small_net, prompt, 16, gamma=3)
        net.train(); small_net.train()
        return loss.detach(), out_base, out_spec, accept
    return f, (torch.randint(0, 64, (2, 24)), torch.randint(0, 64, (2, 4)))


# ================================================== torch-cubic-spline-grids ==
# held-out set 11. torch-cubic-spline-grids (learnable cubic B-spline / Catmull-Rom grids, teamtomo cryo-EM tools), as
# in its README.
@entry("torch-cubic-spline-grids", "README: CubicBSplineGrid1d fit with SGD (a few steps); CubicCatmullRomGrid2d and CubicBSplineGrid3d with 2 channels, backward")
def cubic_spline_grids_fit():
    from torch_cubic_spline_grids import CubicBSplineGrid1d, CubicBSplineGrid3d, CubicCatmullRomGrid2d
    grid = CubicBSplineGrid1d(resolution=6, n_channels=1)
    optimiser = torch.optim.SGD(grid.parameters(), lr=0.02)
    grid2 = CubicCatmullRomGrid2d(resolution=(5, 4), n_channels=2)
    grid3 = CubicBSplineGrid3d(resolution=(3, 4, 5), n_channels=2)

    def f(x, y, xy, xyz):
        for _ in range(3):
            prediction = grid(x).squeeze()
            loss = torch.sum((prediction - y) ** 2) ** 0.5
            loss.backward()
            optimiser.step()
            optimiser.zero_grad()
        out2 = grid2(xy)
        out3 = grid3(xyz)
        (out2.sum() + out3.sum()).backward()
        return loss.detach(), out2.detach(), out3.detach()
    x = torch.rand(100)
    return f, (x, torch.sin(x * 2 * torch.pi), torch.rand(50, 2), torch.rand(40, 3))


# =============================================================== mlm-pytorch ==
# held-out set 11. mlm-pytorch (lucidrains, masked language model pre-training wrapper: masking / replacement
# probabilities), as in its README (with a plain torch.nn transformer instead of x-transformers, a dev package).
@entry("mlm-pytorch", "README: MLM(transformer, mask_token_id, pad_token_id, mask_prob, replace_prob, mask_ignore_token_ids) loss backward + Adam step; random_token_prob variant")
def mlm_pytorch_train():
    from mlm_pytorch import MLM

    class Transformer(torch.nn.Module):
        def __init__(self, num_tokens=100, dim=32):
            super().__init__()
            self.emb = torch.nn.Embedding(num_tokens, dim)
            layer = torch.nn.TransformerEncoderLayer(dim, 2, 64, dropout=0.0, batch_first=True)
            self.enc = torch.nn.TransformerEncoder(layer, 1)
            self.out = torch.nn.Linear(dim, num_tokens)

        def forward(self, x, **kwargs):
            return self.out(self.enc(self.emb(x)))
    transformer = Transformer()
    trainer = MLM(transformer, mask_token_id=2, pad_token_id=0, mask_prob=0.15, replace_prob=0.90,
                  mask_ignore_token_ids=[])
    trainer2 = MLM(Transformer(), num_tokens=100, random_token_prob=0.1, mask_token_id=2, pad_token_id=0,
                   mask_ignore_token_ids=[3, 4])
    opt = torch.optim.Adam(trainer.parameters(), lr=3e-4)

    def f(data):
        loss = trainer(data)
        opt.zero_grad()
        loss.backward()
        opt.step()
        loss2 = trainer2(data)
        loss2.backward()
        return loss.detach(), loss2.detach()
    return f, (torch.randint(1, 100, (4, 32)),)


# ================================================================ torchgpipe ==
# held-out set 11. torchgpipe (kakaobrain, GPipe pipeline-parallel training with micro-batches and checkpointing), as in
# its README (on two CPU "devices").
@entry("torchgpipe", "README: GPipe(nn.Sequential, balance=[2, 2], devices=[cpu, cpu], chunks=4) forward + backward + SGD step; checkpoint='never' with deferred_batch_norm")
def torchgpipe_train():
    from torchgpipe import GPipe
    seq = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 16), torch.nn.Linear(16, 2))
    model = GPipe(seq, balance=[2, 2], devices=["cpu", "cpu"], chunks=4)
    seq2 = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.BatchNorm1d(16), torch.nn.ReLU(), torch.nn.Linear(16, 2))
    model2 = GPipe(seq2, balance=[2, 2], devices=["cpu", "cpu"], chunks=2, checkpoint="never", deferred_batch_norm=True)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)

    def f(x, y):
        output = model(x)
        loss = torch.nn.functional.mse_loss(output, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        out2 = model2(x)
        out2.sum().backward()
        return loss.detach(), out2.detach()
    return f, (torch.randn(8, 8), torch.randn(8, 2))


# =========================================== compressive-transformer-pytorch ==
# held-out set 11. compressive-transformer-pytorch (lucidrains, Compressive Transformer with memory and compressed
# memory for long-range sequence modelling), as in its README.
@entry("compressive-transformer-pytorch", "README: CompressiveTransformer over two segments with memories (enhanced_recurrence, memory_layers), aux loss backward; AutoregressiveWrapper return_loss loop and generate")
def compressive_transformer_segments():
    from compressive_transformer_pytorch import AutoregressiveWrapper, CompressiveTransformer
    model = CompressiveTransformer(num_tokens=64, emb_dim=16, dim=32, depth=2, heads=2, seq_len=16, mem_len=16,
                                   cmem_len=4, cmem_ratio=4, memory_layers=range(1, 3), enhanced_recurrence=True,
                                   gru_gated_residual=False, mogrify_gru=False)
    wrapped = AutoregressiveWrapper(CompressiveTransformer(num_tokens=64, dim=32, depth=2, heads=2, seq_len=16,
                                                           mem_len=16, cmem_len=4, cmem_ratio=4))

    def f(inputs):
        masks = torch.ones_like(inputs[:, :32]).bool()
        segments = inputs[:, :32].reshape(1, -1, 16).transpose(0, 1)
        masks = masks.reshape(1, -1, 16).transpose(0, 1)
        logits, memories, aux_loss = model(segments[0], mask=masks[0])
        logits, _, aux_loss2 = model(segments[1], mask=masks[1], memories=memories)
        (logits.sum() + aux_loss + aux_loss2).backward()
        total = 0.
        for loss, aux, _ in wrapped(inputs, max_batch_size=1, return_loss=True):
            (loss + aux).backward()
            total = total + loss.detach()
        gen = wrapped.generate(inputs[:, :1], 6)
        return logits.detach(), total, gen
    return f, (torch.randint(0, 64, (1, 33)),)


# =================================================================== foolbox ==
# held-out set 11. foolbox (adversarial attacks on PyTorch models through eagerpy), as in its README / getting started.
@entry("foolbox", "README: PyTorchModel(bounds=(0, 1)), utils.accuracy, LinfPGD over a list of epsilons, FGSM and L2DeepFoolAttack on a small conv net", calls=1)
def foolbox_attacks():
    import foolbox as fb
    net = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3), torch.nn.ReLU(), torch.nn.Flatten(), torch.nn.Linear(4 * 6 * 6, 3)).eval()
    fmodel = fb.PyTorchModel(net, bounds=(0, 1))
    epsilons = [0.0, 0.01, 0.03, 0.1]

    def f(images, labels):
        acc = fb.utils.accuracy(fmodel, images, labels)
        _, advs, success = fb.attacks.LinfPGD(steps=5)(fmodel, images, labels, epsilons=epsilons)
        _, adv2, success2 = fb.attacks.FGSM()(fmodel, images, labels, epsilons=0.03)
        _, adv3, success3 = fb.attacks.L2DeepFoolAttack(steps=5)(fmodel, images, labels, epsilons=0.5)
        return acc, success, success2, success3
    return f, (torch.rand(4, 1, 8, 8), torch.randint(0, 3, (4,)))


# ---- held-out set 11, third batch
PACKAGES.update({
    "LinSATNet": {"dirs": ["LinSATNet"], "split": "dev"},
    "loss-landscapes": {"dirs": ["loss_landscapes"], "split": "dev"},
    "compressed-tensors": {"dirs": ["compressed_tensors"], "split": "dev"},
    "hamburger-pytorch": {"dirs": ["hamburger_pytorch"], "split": "dev"},
    "ponder-transformer": {"dirs": ["ponder_transformer"], "split": "dev"},
    "gated-state-spaces-pytorch": {"dirs": ["gated_state_spaces_pytorch"], "split": "dev"},
    "halonet-pytorch": {"dirs": ["halonet_pytorch"], "split": "dev"},
    "tr-rosetta-pytorch": {"dirs": ["tr_rosetta_pytorch"], "split": "dev"},
})


# ================================================================= LinSATNet ==
# held-out set 11. LinSATNet (positive linear satisfiability layer: Sinkhorn-style projection onto linear constraints,
# ICML 2023), as in its README.
@entry("LinSATNet", "README: linsat_layer doubly-stochastic constraint (E x = f) dense and sparse E, loss backward, SGD steps; batched outputs with A x <= b and C x >= d")
def linsatnet_layer():
    from LinSATNet import linsat_layer
    E = torch.tensor([[1, 1, 1, 0, 0, 0, 0, 0, 0], [0, 0, 0, 1, 1, 1, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1, 1, 1],
                      [1, 0, 0, 1, 0, 0, 1, 0, 0], [0, 1, 0, 0, 1, 0, 0, 1, 0], [0, 0, 1, 0, 0, 1, 0, 0, 1]],
                     dtype=torch.float32)
    f_ = torch.tensor([1, 1, 1, 1, 1, 1], dtype=torch.float32)
    x_gt = torch.tensor([1, 0, 0, 0, 1, 0, 0, 0, 1], dtype=torch.float32)
    w = torch.rand(9).requires_grad_(True)
    opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
    A = torch.ones(1, 9)
    b = torch.tensor([2.0])
    C = torch.tensor([[1, 1, 1, 0, 0, 0, 0, 0, 0]], dtype=torch.float32)
    d = torch.tensor([0.5])

    def f(batch):
        for _ in range(2):
            x = linsat_layer(w, E=E, f=f_, tau=0.1, max_iter=10, dummy_val=0)
            loss = ((x - x_gt) ** 2).sum()
            loss.backward()
            opt.step()
            opt.zero_grad()
        xs = linsat_layer(w, E=E.to_sparse(), f=f_, tau=0.1, max_iter=10, dummy_val=0)
        xb = linsat_layer(batch, A=A, b=b, C=C, d=d, tau=0.1, max_iter=10)
        xb.sum().backward()
        return x.detach(), xs.detach(), xb.detach()
    return f, (torch.rand(4, 9, requires_grad=True),)


# =========================================================== loss-landscapes ==
# held-out set 11. loss-landscapes (loss-landscape approximation of a model along lines / planes in parameter space),
# as in its README.
@entry("loss-landscapes", "README: metrics.Loss(loss_fn, X, y); point, linear_interpolation between two models, random_line and random_plane (filter normalization)", calls=1)
def loss_landscapes_plane():
    import loss_landscapes
    import loss_landscapes.metrics
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
    model_end = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))

    def f(X, y):
        metric = loss_landscapes.metrics.Loss(torch.nn.functional.cross_entropy, X, y)
        p = loss_landscapes.point(model, metric)
        line = loss_landscapes.linear_interpolation(model, model_end, metric, steps=5)
        rline = loss_landscapes.random_line(model, metric, distance=0.5, steps=5, normalization="filter")
        plane = loss_landscapes.random_plane(model, metric, distance=1, steps=4, normalization="filter")
        return p, line, rline, plane
    return f, (torch.randn(16, 4), torch.randint(0, 2, (16,)))


# ======================================================== compressed-tensors ==
# held-out set 11. compressed-tensors (vLLM / Red Hat quantization formats: fake quantization of Linear layers,
# quantization parameters), as in its README.
@entry("compressed-tensors", "README: QuantizationConfig(config_groups={W8A8: [Linear]}), apply_quantization_config, per-layer calculate_qparams + update_offload_parameter, quantized forward")
def compressed_tensors_model():
    from compressed_tensors.offload import update_offload_parameter
    from compressed_tensors.quantization import QuantizationConfig, apply_quantization_config
    from compressed_tensors.quantization.utils import calculate_qparams
    model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 16))
    config = QuantizationConfig(config_groups={"W8A8": ["Linear"]})
    apply_quantization_config(model, config, show_progress=False)
    for name, module in model.named_modules():
        scheme = getattr(module, "quantization_scheme", None)
        if scheme is None or scheme.weights is None:
            continue
        weight = module.weight.data
        args = scheme.weights
        min_val, max_val = weight.amin(dim=-1, keepdim=True), weight.amax(dim=-1, keepdim=True)
        scale, zp = calculate_qparams(min_val, max_val, args)
        update_offload_parameter(module, "weight_scale", scale)

    def f(x):
        with torch.no_grad():
            return model(x)
    return f, (torch.randn(4, 32),)


@entry("compressed-tensors", "quantization functions: QuantizationArgs (int8 tensor / int4 channel / int4 group), calculate_qparams, quantize, dequantize, fake_quantize")
def compressed_tensors_functions():
    from compressed_tensors.quantization import QuantizationArgs
    from compressed_tensors.quantization.lifecycle.forward import dequantize, fake_quantize, quantize
    from compressed_tensors.quantization.utils import calculate_qparams
    a_tensor = QuantizationArgs(num_bits=8, symmetric=True, strategy="tensor")
    a_channel = QuantizationArgs(num_bits=4, symmetric=False, strategy="channel")
    a_group = QuantizationArgs(num_bits=4, symmetric=True, strategy="group", group_size=16)

    def f(w):
        s, z = calculate_qparams(w.amin().reshape(1), w.amax().reshape(1), a_tensor)
        q = quantize(w, s, z, a_tensor)
        dq = dequantize(q, s, z, args=a_tensor)
        s2, z2 = calculate_qparams(w.amin(dim=-1, keepdim=True), w.amax(dim=-1, keepdim=True), a_channel)
        fq2 = fake_quantize(w, s2, z2, a_channel)
        g = w.unflatten(-1, (w.shape[-1] // 16, 16))
        s3, z3 = calculate_qparams(g.amin(dim=-1), g.amax(dim=-1), a_group)
        fq3 = fake_quantize(w, s3, z3, a_group)
        return q, dq, fq2, fq3
    return f, (torch.randn(8, 64),)


# ========================================================= hamburger-pytorch ==
# held-out set 11. hamburger-pytorch (lucidrains, "Is attention better than matrix decomposition?": NMF-based global
# context block), as in its README.
@entry("hamburger-pytorch", "README: Hamburger(dim, n, inner_dim, ratio, K) NMF block as a residual on a feature map, backward")
def hamburger_forward():
    from hamburger_pytorch import Hamburger
    hamburger = Hamburger(dim=32, n=16 * 16, inner_dim=32, ratio=8, K=6)

    def f(x):
        out = hamburger(x) + x
        out.sum().backward()
        return out.detach()
    return f, (torch.randn(1, 32, 16, 16),)


# ======================================================== ponder-transformer ==
# held-out set 11. ponder-transformer (lucidrains, PonderNet-style adaptive computation / halting transformer), as in
# its README.
@entry("ponder-transformer", "README: PonderTransformer(labels=..., mask=...) training loss backward; eval returns logits and halting layer indices")
def ponder_transformer_forward():
    from ponder_transformer import PonderTransformer
    model = PonderTransformer(num_tokens=64, dim=32, max_seq_len=32, dim_head=16, heads=2)

    def f(x, mask):
        model.train()
        loss = model(x, labels=x, mask=mask)
        loss.backward()
        model.eval()
        with torch.no_grad():
            logits, layer_indices = model(x, mask=mask)
        return loss.detach(), logits, layer_indices
    return f, (torch.randint(0, 64, (1, 32)), torch.ones(1, 32).bool())


# ================================================ gated-state-spaces-pytorch ==
# held-out set 11. gated-state-spaces-pytorch (lucidrains, Gated State Space / DSS long-range sequence layers), as in
# its README.
@entry("gated-state-spaces-pytorch", "README: GSS layer and GatedStateSpacesLM(labels=...) loss backward; GatedDsConvLM and GatedExponentialSmoothingLM logits")
def gss_forward():
    from gated_state_spaces_pytorch import GSS, GatedDsConvLM, GatedExponentialSmoothingLM, GatedStateSpacesLM
    gss = GSS(dim=32, dim_expansion_factor=4, dss_kernel_N=32, dss_kernel_H=16)
    lm = GatedStateSpacesLM(num_tokens=64, dim=32, depth=2, dss_kernel_N=32, dss_kernel_H=16)
    dsconv = GatedDsConvLM(num_tokens=64, dim=32, depth=1)
    mhesa = GatedExponentialSmoothingLM(num_tokens=64, dim=32, depth=1)

    def f(x, tokens):
        out = gss(x)
        loss = lm(tokens, labels=tokens)
        (out.sum() + loss).backward()
        return out.detach(), loss.detach(), dsconv(tokens), mhesa(tokens)
    return f, (torch.randn(1, 64, 32), torch.randint(0, 64, (1, 64)))


# =========================================================== halonet-pytorch ==
# held-out set 11. halonet-pytorch (lucidrains, HaloNet blocked local self-attention for vision), as in its README.
@entry("halonet-pytorch", "README: HaloAttention(dim, block_size, halo_size, dim_head, heads) on a feature map, backward")
def halonet_forward():
    from halonet_pytorch import HaloAttention
    attn = HaloAttention(dim=32, block_size=8, halo_size=4, dim_head=16, heads=2)

    def f(fmap):
        out = attn(fmap)
        out.sum().backward()
        return out.detach()
    return f, (torch.randn(1, 32, 32, 32),)


# ======================================================== tr-rosetta-pytorch ==
# held-out set 11. tr-rosetta-pytorch (lucidrains, trRosetta protein inter-residue geometry prediction from an MSA), as
# in its CLI: preprocess(a3m file) then the network (tiny config, random weights; the shipped weights are not used).
@entry("tr-rosetta-pytorch", "CLI path: utils.preprocess(a3m MSA file: reweight, PSSM, fast DCA) then trRosettaNetwork(filters=8, num_layers=3) distance / angle heads")
def tr_rosetta_predict():
    import os
    import tempfile
    from tr_rosetta_pytorch import trRosettaNetwork
    from tr_rosetta_pytorch.utils import preprocess
    g = torch.Generator().manual_seed(0)
    letters = "ARNDCQEGHILKMFPSTWYV-"
    path = os.path.join(tempfile.mkdtemp(prefix="graphlint_bench_"), "msa.a3m")
    with open(path, "w") as fh:
        for i in range(6):
            seq = "".join(letters[j] for j in torch.randint(0, 20 if i == 0 else 21, (16,), generator=g).tolist())
            fh.write(f">seq{i}\n{seq}\n")
    model = trRosettaNetwork(filters=8, kernel=3, num_layers=3).eval()

    def f(msa_file):
        features = preprocess(msa_file)
        with torch.no_grad():
            return model(features)
    return f, (path,)


# ---- held-out set 11, fourth batch
PACKAGES.update({
    "tad-multicharge": {"dirs": ["tad_multicharge"], "split": "dev"},
    "sympytorch": {"dirs": ["sympytorch"], "split": "dev"},
    # "tensorkrowch": {"dirs": ["tensorkrowch"], "split": "dev"},  # dropped: compile-error
    "asdfghjkl": {"dirs": ["asdl"], "split": "dev"},
    "glom-pytorch": {"dirs": ["glom_pytorch"], "split": "dev"},
})


# =========================================================== tad-multicharge ==
# held-out set 11. tad-multicharge (electronegativity-equilibration (EEQ) atomic partial charges, grimme-lab), as in its
# README.
@entry("tad-multicharge", "README: EEQModel.param2019().solve(numbers, positions, total_charge, cn, return_energy=True), backward to positions; batched get_energy and get_charges of two packed molecules")
def tad_multicharge_eeq():
    from tad_mctc.batch import pack
    from tad_multicharge import eeq
    numbers = torch.tensor([7, 7, 1, 1, 1, 1, 1, 1])
    positions = torch.tensor([
        [-2.98334550857544, -0.08808205276728, +0.00000000000000],
        [+2.98334550857544, +0.08808205276728, +0.00000000000000],
        [-4.07920360565186, +0.25775116682053, +1.52985656261444],
        [-1.60526800155640, +1.24380481243134, +0.00000000000000],
        [-4.07920360565186, +0.25775116682053, -1.52985656261444],
        [+4.07920360565186, -0.25775116682053, -1.52985656261444],
        [+1.60526800155640, -1.24380481243134, +0.00000000000000],
        [+4.07920360565186, -0.25775116682053, +1.52985656261444],
    ], dtype=torch.float64)
    cn = torch.tensor([3.0, 3.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], dtype=torch.float64)
    eeq_model = eeq.EEQModel.param2019(dtype=torch.float64)
    bnumbers = pack((numbers, torch.tensor([6, 8, 1, 1])))
    bpositions = pack((positions, torch.tensor([[0.0, 0.0, 0.0], [2.3, 0.0, 0.0], [-1.0, 1.7, 0.0], [-1.0, -1.7, 0.0]],
                                               dtype=torch.float64)))

    def f(pos, total_charge, charge):
        qat, energy = eeq_model.solve(numbers, pos, total_charge, cn, return_energy=True)
        torch.sum(energy, -1).backward()
        e = torch.sum(eeq.get_energy(bnumbers, bpositions, charge), -1)
        q = eeq.get_charges(bnumbers, bpositions, charge)
        return qat.detach(), e, q
    return f, (positions.clone().requires_grad_(True), torch.tensor(0.0, dtype=torch.float64),
               torch.tensor([0.0, 0.0], dtype=torch.float64))


# ================================================================ sympytorch ==
# held-out set 11. sympytorch (SymPy expressions as trainable PyTorch modules, patrick-kidger), as in its README.
@entry("sympytorch", "README: SymPyModule(expressions=[cos, sin, polynomial with a trainable float]) forward by keyword, backward; .sympy() round trip")
def sympytorch_module():
    import sympy
    import sympytorch
    x, y = sympy.symbols("x_name y_name")
    cosx = 1.0 * sympy.cos(x)
    sinx = 2.0 * sympy.sin(x)
    poly = 0.5 * x ** 2 + 3.0 * x * y + sympy.exp(-y)
    mod = sympytorch.SymPyModule(expressions=[cosx, sinx, poly])

    def f(x_, y_):
        out = mod(x_name=x_, y_name=y_)
        out.sum().backward()
        return out.detach(), x_.grad
    return f, (torch.rand(3, requires_grad=True), torch.rand(3))


# ============================================================== tensorkrowch ==
# held-out set 11. tensorkrowch: dropped after the fourth collect (compile-error), see README.md.
# @entry("tensorkrowch", "README: TensorNetwork of two param nodes connected on both edges, contraction backward; hybrid nn.Sequential(MPSLayer, ReLU, Linear) forward + backward")
# def tensorkrowch_networks():
#     import tensorkrowch as tk
#     net = tk.TensorNetwork()
#     node1 = tk.randn(shape=(7, 5), axes_names=("left", "right"), name="node1", network=net, param_node=True)
#     node2 = tk.randn(shape=(7, 5), axes_names=("left", "right"), name="node2", network=net, param_node=True)
#     node1["left"] ^ node2["left"]
#     node1["right"] ^ node2["right"]
#     my_model = torch.nn.Sequential(tk.models.MPSLayer(n_features=11, in_dim=3, out_dim=4, bond_dim=5), torch.nn.ReLU(),
#                                    torch.nn.Linear(4, 4))

#     def f(data):
#         result = node1 @ node2
#         result.tensor.backward()
#         out = my_model(data)
#         out.sum().backward()
#         return result.tensor.detach(), out.detach()
#     return f, (torch.randn(8, 10, 3),)


# ================================================================= asdfghjkl ==
# held-out set 11. asdfghjkl ("ASDL": automatic second-order differentiation library: K-FAC / natural-gradient and
# Shampoo preconditioned gradients, Kazuki Osawa), as in its README.
@entry("asdfghjkl", "README: KfacGradientMaker(model, PreconditioningConfig) setup_model_call / setup_loss_call / forward_and_backward + SGD step; ShampooGradientMaker the same way")
def asdl_kfac_train():
    from asdl.precondition import KfacGradientMaker, PreconditioningConfig, ShampooGradientMaker
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    model2 = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    config = PreconditioningConfig(data_size=16, damping=0.01)
    gm = KfacGradientMaker(model, config)
    gm2 = ShampooGradientMaker(model2, PreconditioningConfig(data_size=16, damping=0.01))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    optimizer2 = torch.optim.SGD(model2.parameters(), lr=0.1)

    def f(x, t):
        optimizer.zero_grad()
        dummy_y = gm.setup_model_call(model, x)
        gm.setup_loss_call(torch.nn.functional.cross_entropy, dummy_y, t)
        y, loss = gm.forward_and_backward()
        optimizer.step()
        optimizer2.zero_grad()
        dummy_y2 = gm2.setup_model_call(model2, x)
        gm2.setup_loss_call(torch.nn.functional.cross_entropy, dummy_y2, t)
        y2, loss2 = gm2.forward_and_backward()
        optimizer2.step()
        return loss.detach(), loss2.detach()
    return f, (torch.randn(16, 8), torch.randint(0, 3, (16,)))


# ============================================================== glom-pytorch ==
# held-out set 11. glom-pytorch (lucidrains, Hinton's GLOM: part-whole hierarchies by iterative column consensus), as
# in its README.
@entry("glom-pytorch", "README: Glom(dim, levels, image_size, patch_size) over iters, return_all=True, denoising reconstruction loss backward")
def glom_forward():
    from glom_pytorch import Glom
    model = Glom(dim=32, levels=3, image_size=32, patch_size=8)
    to_img = torch.nn.Linear(32, 3 * 8 * 8)

    def f(img):
        noised = img + torch.randn_like(img)
        all_levels = model(noised, return_all=True, iters=4)
        top_level = all_levels[4, :, :, -1]
        recon = to_img(top_level)
        loss = torch.nn.functional.mse_loss(recon, img.unfold(2, 8, 8).unfold(3, 8, 8).permute(0, 2, 3, 1, 4, 5).reshape(1, 16, -1))
        loss.backward()
        return loss.detach()
    return f, (torch.randn(1, 3, 32, 32),)


# ---- held-out set 11, fifth batch
PACKAGES.update({
    "LTNtorch": {"dirs": ["ltn"], "split": "dev"},
    "scoringrules": {"dirs": ["scoringrules"], "split": "dev"},
})


# ================================================================== LTNtorch ==
# held-out set 11. LTNtorch (Logic Tensor Networks: neuro-symbolic learning with differentiable first-order fuzzy logic),
# as in its binary-classification example.
@entry("LTNtorch", "example: Predicate(model), Variables, Not, Forall(AggregPMeanError), SatAgg, loss = 1 - sat backward + Adam step")
def ltn_binary_classification():
    import ltn

    class ModelA(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.net = torch.nn.Sequential(torch.nn.Linear(2, 16), torch.nn.ELU(), torch.nn.Linear(16, 1))

        def forward(self, x):
            return torch.sigmoid(self.net(x)).squeeze(-1)
    A = ltn.Predicate(ModelA())
    Not = ltn.Connective(ltn.fuzzy_ops.NotStandard())
    Forall = ltn.Quantifier(ltn.fuzzy_ops.AggregPMeanError(p=2), quantifier="f")
    SatAgg = ltn.fuzzy_ops.SatAgg()
    optimizer = torch.optim.Adam(A.parameters(), lr=0.001)

    def f(data_pos, data_neg):
        x_A = ltn.Variable("x_A", data_pos)
        x_not_A = ltn.Variable("x_not_A", data_neg)
        optimizer.zero_grad()
        sat_agg = SatAgg(Forall(x_A, A(x_A)), Forall(x_not_A, Not(A(x_not_A))))
        loss = 1. - sat_agg
        loss.backward()
        optimizer.step()
        return loss.detach()
    return f, (torch.rand(16, 2) + 1.0, torch.rand(16, 2) - 1.0)


@entry("LTNtorch", "example (smokes-friends-cancer style): Constants, Function, binary Predicate, And / Or / Implies, Forall / Exists, Diag and a guarded quantifier, satisfaction backward")
def ltn_first_order_kb():
    import ltn
    embedding = torch.nn.Linear(4, 4)

    class Friends(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.net = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))

        def forward(self, x, y):
            return torch.sigmoid(self.net(torch.cat([x, y], dim=-1))).squeeze(-1)
    Fr = ltn.Predicate(Friends())
    Sm = ltn.Predicate(func=lambda x: torch.sigmoid(x.sum(-1)))
    F = ltn.Function(func=lambda x: torch.tanh(embedding(x)))
    And = ltn.Connective(ltn.fuzzy_ops.AndProd())
    Or = ltn.Connective(ltn.fuzzy_ops.OrProbSum())
    Implies = ltn.Connective(ltn.fuzzy_ops.ImpliesReichenbach())
    Forall = ltn.Quantifier(ltn.fuzzy_ops.AggregPMeanError(p=2), quantifier="f")
    Exists = ltn.Quantifier(ltn.fuzzy_ops.AggregPMean(p=2), quantifier="e")
    c = ltn.Constant(torch.randn(4), trainable=True)

    def f(people, ages):
        x = ltn.Variable("x", people)
        y = ltn.Variable("y", people)
        a = ltn.Variable("a", ages)
        f1 = Forall([x, y], Implies(And(Fr(x, y), Sm(x)), Sm(y)))
        f2 = Forall(x, Exists(y, Or(Fr(x, y), Sm(F(y)))))
        f3 = Forall(ltn.diag(x, a), Implies(Sm(x), Sm(F(x))))
        f4 = Forall([x, a], Sm(x), cond_vars=[a], cond_fn=lambda t: t.value.sum(-1) > 0.)
        f5 = Fr(c, c)
        sat = (f1.value + f2.value + f3.value + f4.value + f5.value) / 5
        (1. - sat).backward()
        return sat.detach()
    return f, (torch.randn(6, 4), torch.randn(6, 4))


# ============================================================== scoringrules ==
# held-out set 11. scoringrules (probabilistic forecast verification: CRPS, log score, energy / variogram scores), as in
# its README, with backend="torch".
@entry("scoringrules", "README: crps_ensemble, crps_normal, logs_normal, crps_quantile, es_ensemble, vs_ensemble, brier_score with backend='torch', backward to the forecasts")
def scoringrules_scores():
    import scoringrules as sr

    def f(obs, fct, mu, sigma, obs_mv, fct_mv, probs, events):
        s1 = sr.crps_ensemble(obs, fct, backend="torch")
        s2 = sr.crps_normal(obs, mu, sigma, backend="torch")
        s3 = sr.logs_normal(obs, mu, sigma, backend="torch")
        s4 = sr.crps_quantile(obs, torch.sort(fct, dim=-1).values[:, 1::2], torch.tensor([0.1, 0.3, 0.5, 0.7, 0.9]), backend="torch")
        s5 = sr.es_ensemble(obs_mv, fct_mv, backend="torch")
        s6 = sr.vs_ensemble(obs_mv, fct_mv, backend="torch")
        s7 = sr.brier_score(events, probs, backend="torch")
        total = s1.mean() + s2.mean() + s3.mean() + s4.mean() + s5.mean() + s6.mean() + s7.mean()
        total.backward()
        return total.detach()
    obs = torch.randn(20)
    return f, (obs, (obs[:, None] + torch.randn(20, 11) * 0.1).requires_grad_(), torch.zeros(20, requires_grad=True),
               torch.ones(20, requires_grad=True), torch.randn(10, 3), torch.randn(10, 7, 3, requires_grad=True),
               torch.rand(20, requires_grad=True), (torch.rand(20) > 0.5).float())


# ---- held-out set 11, sixth batch
PACKAGES.update({
    "mixture-of-attention": {"dirs": ["mixture_of_attention"], "split": "dev"},
    "ring-attention-pytorch": {"dirs": ["ring_attention_pytorch"], "split": "dev"},
    "memory-transformer-xl": {"dirs": ["memory_transformer_xl"], "split": "dev"},
    "simple-hierarchical-transformer": {"dirs": ["simple_hierarchical_transformer"], "split": "dev"},
    "triangle-multiplicative-module": {"dirs": ["triangle_multiplicative_module"], "split": "dev"},
    "memory-efficient-attention-pytorch": {"dirs": ["memory_efficient_attention_pytorch"], "split": "dev"},
})


# ====================================================== mixture-of-attention ==
# held-out set 11. mixture-of-attention (lucidrains, routed queries / key-values over attention experts), as in its
# README (use_triton=False on CPU).
@entry("mixture-of-attention", "README: MixtureOfAttention with context and masks (routed queries / key-values, 2 experts); MixtureOfAutoregressiveAttention with a local window; backward")
def mixture_of_attention_forward():
    from mixture_of_attention import MixtureOfAttention, MixtureOfAutoregressiveAttention
    moa = MixtureOfAttention(dim=32, dim_context=16, num_routed_queries=8, num_routed_key_values=8, num_experts=2,
                             dim_head=16, heads=2, use_triton=False)
    ar = MixtureOfAutoregressiveAttention(dim=32, local_attn_window_size=16, routed_window_size=None, num_routed_queries=6,
                                          num_routed_key_values=6, num_experts=2, dim_head=16, heads=2)

    def f(x, mask, context, context_mask, x2):
        out = moa(x, context=context, mask=mask, context_mask=context_mask)
        out2 = ar(x2)
        (out.sum() + out2.sum()).backward()
        return out.detach(), out2.detach()
    return f, (torch.randn(1, 64, 32), torch.ones(1, 64).bool(), torch.randn(1, 32, 16), torch.ones(1, 32).bool(),
               torch.randn(1, 63, 32))


# ==================================================== ring-attention-pytorch ==
# held-out set 11. ring-attention-pytorch (lucidrains, ring / striped ring attention for sequence parallelism; single
# process here), as in its README.
@entry("ring-attention-pytorch", "README: RingAttention(causal, auto_shard_seq, ring_attn, ring_seq_size) on a sequence and RingTransformer(num_tokens) LM loss backward")
def ring_attention_forward():
    from ring_attention_pytorch import RingAttention, RingTransformer
    attn = RingAttention(dim=32, dim_head=16, heads=2, causal=True, auto_shard_seq=True, ring_attn=True, ring_seq_size=16,
                         bucket_size=8)
    model = RingTransformer(num_tokens=64, dim=32, depth=1, causal=True, dim_head=16, heads=2, ring_attn=True,
                            ring_seq_size=16, bucket_size=8)

    def f(tokens, ids):
        attended = attn(tokens)
        logits = model(ids)
        loss = torch.nn.functional.cross_entropy(logits[:, :-1].transpose(1, 2), ids[:, 1:])
        (attended.sum() + loss).backward()
        return attended.detach(), loss.detach()
    return f, (torch.randn(1, 64, 32), torch.randint(0, 64, (1, 64)))


# ===================================================== memory-transformer-xl ==
# held-out set 11. memory-transformer-xl (lucidrains, Transformer-XL with memory and long-term memory written by
# attention), as in its README.
@entry("memory-transformer-xl", "README: MemoryTransformerXL(mem_len, lmem_len, memory_layers, mem_write_iters) over two segments passing memories, backward")
def memory_transformer_xl_segments():
    from memory_transformer_xl import MemoryTransformerXL
    model = MemoryTransformerXL(num_tokens=64, dim=32, heads=2, depth=2, seq_len=16, mem_len=8, lmem_len=8,
                                memory_layers=[1, 2], mem_write_iters=2)

    def f(x1, x2):
        logits1, mem1 = model(x1)
        logits2, mem2 = model(x2, memories=mem1)
        (logits1.sum() + logits2.sum()).backward()
        return logits2.detach()
    return f, (torch.randint(0, 64, (1, 16)), torch.randint(0, 64, (1, 16)))


# =========================================== simple-hierarchical-transformer ==
# held-out set 11. simple-hierarchical-transformer (lucidrains, multi-resolution hierarchical predictive coding LM), as
# in its README.
@entry("simple-hierarchical-transformer", "README: HierarchicalTransformer(hierarchies=(1, 2, 8), window_sizes=(16, 32, None)) return_loss backward")
def simple_hierarchical_transformer_loss():
    from simple_hierarchical_transformer import HierarchicalTransformer
    model = HierarchicalTransformer(num_tokens=64, dim=32, depth=2, seq_len=64, dim_head=16, heads=2, hierarchies=(1, 2, 8),
                                    window_sizes=(16, 32, None))

    def f(ids):
        loss, _ = model(ids, return_loss=True)
        loss.backward()
        return loss.detach()
    return f, (torch.randint(0, 64, (2, 64)),)


# ============================================ triangle-multiplicative-module ==
# held-out set 11. triangle-multiplicative-module (lucidrains, AlphaFold2's triangle multiplicative update on pair
# representations), as in its README.
@entry("triangle-multiplicative-module", "README: TriangleMultiplicativeModule(mix='ingoing' / 'outgoing') on a pair map with a mask, backward")
def triangle_multiplicative_forward():
    from triangle_multiplicative_module import TriangleMultiplicativeModule
    model = TriangleMultiplicativeModule(dim=16, hidden_dim=32, mix="ingoing")
    model2 = TriangleMultiplicativeModule(dim=16, hidden_dim=32, mix="outgoing")

    def f(fmap, mask):
        out = model(fmap, mask=mask) + model2(fmap, mask=mask)
        out.sum().backward()
        return out.detach()
    return f, (torch.randn(1, 24, 24, 16), torch.ones(1, 24, 24).bool())


# ================================================ memory-efficient-attention-pytorch ==
# held-out set 11. memory-efficient-attention-pytorch (lucidrains, chunked O(sqrt(n)) memory attention and a pure
# PyTorch flash-attention), as in its README.
@entry("memory-efficient-attention-pytorch", "README: Attention(causal, memory_efficient, q/k bucket sizes) and cross attention with a mask; FlashAttention and CosineSimAttention; backward")
def memory_efficient_attention_forward():
    from memory_efficient_attention_pytorch import Attention, CosineSimAttention, FlashAttention
    attn = Attention(dim=32, dim_head=16, heads=2, causal=True, memory_efficient=True, q_bucket_size=16, k_bucket_size=32)
    cross = Attention(dim=32, dim_head=16, heads=2, memory_efficient=True, q_bucket_size=16, k_bucket_size=16)
    flash = FlashAttention(dim=32, dim_head=16, heads=2, causal=True, q_bucket_size=16, k_bucket_size=16)
    cos = CosineSimAttention(dim=32, seq_len=64, dim_head=16, heads=2, causal=True, memory_efficient=True,
                             q_bucket_size=16, k_bucket_size=16)

    def f(x, context, mask):
        out = attn(x) + cross(x, context=context, mask=mask) + flash(x) + cos(x)
        out.sum().backward()
        return out.detach()
    return f, (torch.randn(1, 64, 32), torch.randn(1, 48, 32), torch.ones(1, 48).bool())


# ---- held-out set 11, seventh batch
PACKAGES.update({
    "torchist": {"dirs": ["torchist"], "split": "dev"},
})


# ================================================================== torchist ==
# held-out set 11. torchist (NumPy-style histograms, histogramdd, marginals and histogram distances in PyTorch,
# Francois Rozet), as in its README.
@entry("torchist", "README: histogram and histogramdd (bins / low / upp, edges, weights, sparse), normalize, marginalize; metrics entropy, kl / js divergence and em_distance")
def torchist_histograms():
    import torchist
    from torchist.histograms import marginalize, normalize
    from torchist.metrics import em_distance, entropy, js_divergence, kl_divergence

    def f(x, x3, w):
        h1 = torchist.histogram(x, bins=10, low=0.0, upp=1.0)
        hist = torchist.histogramdd(x3, bins=10, low=0.0, upp=1.0)
        hist_w = torchist.histogramdd(x3, bins=5, low=0.0, upp=1.0, weights=w)
        edges = torch.linspace(0.0, 1.0, 11)
        hist_e = torchist.histogramdd(x3[:, :2], edges=edges)
        hist_s = torchist.histogramdd(x3, bins=4, low=0.0, upp=1.0, sparse=True)
        p, _ = normalize(marginalize(hist, dim=2))
        q, _ = normalize(hist_e)
        h2 = torchist.histogram(x ** 2, bins=10, low=0.0, upp=1.0)
        return (h1, hist_w, hist_s.to_dense(), entropy(p), kl_divergence(p, q), js_divergence(p, q),
                em_distance(h1 / h1.sum(), h2 / h2.sum()))
    return f, (torch.rand(500), torch.rand(500, 3), torch.rand(500))


# ---- held-out set 11, eighth batch
PACKAGES.update({
    "pytorch-gmm": {"dirs": ["pytorch_gmm"], "split": "dev"},
})


# =============================================================== pytorch-gmm ==
# held-out set 11. pytorch-gmm (Gaussian mixture models trained by EM with component splitting), as in its README.
@entry("pytorch-gmm", "README: GMM.init_and_train(x, k, verbose=True) (diagonal, few EM iterations) and a full-covariance GMM; log-likelihood via gmm(x).logsumexp(dim=1)", calls=1)
def pytorch_gmm_train():
    from pytorch_gmm import GMM

    def f(x):
        gmm, llh = GMM.init_and_train(x, 4, n_iter=5, last_n_iter=10, verbose=True)
        gmm_full, llh_full = GMM.init_and_train(x, 2, diag=False, n_iter=5, last_n_iter=5)
        return llh, llh_full, gmm(x).logsumexp(dim=1), gmm_full(x).logsumexp(dim=1)
    return f, (torch.cat([torch.randn(200, 3), torch.randn(200, 3) + 4.0]),)


# ---- held-out set 11, ninth batch
PACKAGES.update({
    # "torch-kde": {"dirs": ["torchkde"], "split": "dev"},  # dropped: compile-error
})


# ================================================================= torch-kde ==
# held-out set 11. torch-kde: dropped after the ninth collect (compile-error), see README.md.
# @entry("torch-kde", "README: KernelDensity(bandwidth=1.0, kernel='gaussian').fit(X).score_samples(X_new) backward to X; epanechnikov with 'scott' and tophat-approx with 'silverman' bandwidths")
# def torch_kde_score():
#     from torchkde import KernelDensity
#     mvn = torch.distributions.MultivariateNormal(torch.ones(2), torch.eye(2))
#     X0 = mvn.sample((200,))
#     X_new = mvn.sample((50,))

#     def f(X):
#         kde = KernelDensity(bandwidth=1.0, kernel="gaussian")
#         _ = kde.fit(X)
#         logprob = kde.score_samples(X_new)
#         logprob.sum().backward()
#         lp2 = KernelDensity(bandwidth="scott", kernel="epanechnikov").fit(X.detach()).score_samples(X_new)
#         lp3 = KernelDensity(bandwidth="silverman", kernel="tophat-approx").fit(X.detach()).score_samples(X_new)
#         return logprob.detach(), lp2, lp3
#     return f, (X0.clone().requires_grad_(True),)


# ---- held-out set 12 (chosen 2026-11-21 by a helper blind to graphlint), first batch
PACKAGES.update({
    "torch-fourier-shift": {"dirs": ["torch_fourier_shift"], "split": "dev"},
    "torch-ctf": {"dirs": ["torch_ctf"], "split": "dev"},
    "torch-grid-utils": {"dirs": ["torch_grid_utils"], "split": "dev"},
    "torch-image-interpolation": {"dirs": ["torch_image_interpolation"], "split": "dev"},
    # "torch-fourier-slice": {"dirs": ["torch_fourier_slice"], "split": "dev"},  # dropped: compile-error
    "torch-distmap": {"dirs": ["distmap"], "split": "dev"},
    "qhoptim": {"dirs": ["qhoptim"], "split": "dev"},
    "cplxmodule": {"dirs": ["cplxmodule"], "split": "dev"},
    "FLASH-pytorch": {"dirs": ["flash_pytorch"], "split": "dev"},
    "perceiver-ar-pytorch": {"dirs": ["perceiver_ar_pytorch"], "split": "dev"},
})


# ======================================================= torch-fourier-shift ==
# held-out set 12. torch-fourier-shift (teamtomo, subpixel shifts of 1D/2D/3D images by Fourier phase shifts), as in its
# README.
@entry("torch-fourier-shift", "README: fourier_shift_image_2d with a batch of subpixel shifts (backward to the shifts), fourier_shift_image_1d / _3d and fourier_shift_dft_2d on an rfft")
def torch_fourier_shift_images():
    from torch_fourier_shift import (fourier_shift_dft_2d, fourier_shift_image_1d, fourier_shift_image_2d,
                                     fourier_shift_image_3d)

    def f(img2, shifts2, img1, img3):
        shifted = fourier_shift_image_2d(image=img2, shifts=shifts2)
        shifted.pow(2).sum().backward()
        s1 = fourier_shift_image_1d(image=img1, shifts=torch.tensor([1.5, -2.0]))
        s3 = fourier_shift_image_3d(image=img3, shifts=torch.tensor([1.0, 0.5, -0.5]))
        dft = torch.fft.rfftn(img2[0], dim=(-2, -1))
        sd = fourier_shift_dft_2d(dft, image_shape=(24, 24), shifts=torch.tensor([2.0, 1.0]), rfft=True, fftshifted=False)
        return shifted.detach(), s1, s3, sd
    return f, (torch.rand(3, 24, 24), torch.randn(3, 2).requires_grad_(True), torch.rand(2, 32), torch.rand(12, 12, 12))


# ================================================================= torch-ctf ==
# held-out set 12. torch-ctf (contrast transfer function of cryo-EM micrographs in torch), from its docstrings.
@entry("torch-ctf", "calculate_ctf_1d and calculate_ctf_2d (astigmatism, rfft / fftshift) for a batch of defoci, backward to the defocus")
def torch_ctf_calculate():
    from torch_ctf import calculate_ctf_1d, calculate_ctf_2d

    def f(defocus):
        c1 = calculate_ctf_1d(defocus=defocus, voltage=300.0, spherical_aberration=2.7, amplitude_contrast=0.1,
                              phase_shift=0.0, pixel_size=1.0, n_samples=64, oversampling_factor=2)
        c2 = calculate_ctf_2d(defocus=defocus, astigmatism=0.2, astigmatism_angle=30.0, voltage=300.0,
                              spherical_aberration=2.7, amplitude_contrast=0.1, phase_shift=0.0, pixel_size=1.0,
                              image_shape=(32, 32), rfft=True, fftshift=False)
        c3 = calculate_ctf_2d(defocus=1.2, astigmatism=0.0, astigmatism_angle=0.0, voltage=200.0,
                              spherical_aberration=2.7, amplitude_contrast=0.07, phase_shift=0.0, pixel_size=1.5,
                              image_shape=(16, 16), rfft=False, fftshift=True)
        (c1.sum() + c2.sum()).backward()
        return c1.detach(), c2.detach(), c3
    return f, (torch.tensor([1.5, 2.0]).requires_grad_(True),)


# ========================================================== torch-grid-utils ==
# held-out set 12. torch-grid-utils (teamtomo, coordinate / DFT-frequency / polar grids and soft-edged shapes for image
# processing), from its API.
@entry("torch-grid-utils", "coordinate_grid with a center, fftfreq_grid (rfft, fftshift, norm), polar grid, circle / sphere / rectangle masks with smooth edges, fftshift_2d")
def torch_grid_utils_grids():
    from torch_grid_utils import circle, coordinate_grid, fftfreq_grid, fftshift_2d, rectangle, sphere

    def f(img):
        grid = coordinate_grid(image_shape=(16, 16), center=torch.tensor([8.0, 8.0]))
        freq = fftfreq_grid(image_shape=(16, 16), rfft=True, fftshift=False, norm=True)
        freq3 = fftfreq_grid(image_shape=(8, 8, 8), rfft=False, fftshift=True)
        mask = circle(radius=5, image_shape=(16, 16), smoothing_radius=2)
        box = rectangle(dimensions=(6, 8), image_shape=(16, 16), smoothing_radius=1)
        ball = sphere(radius=3, image_shape=(8, 8, 8), smoothing_radius=1)
        filtered = torch.fft.irfftn(torch.fft.rfftn(img) * (freq < 0.25), s=(16, 16))
        return grid.norm(dim=-1), freq3, mask * img, box, ball, fftshift_2d(filtered, rfft=False)
    return f, (torch.rand(16, 16),)


# ================================================= torch-image-interpolation ==
# held-out set 12. torch-image-interpolation (teamtomo, sampling from and inserting into 1D/2D/3D images at arbitrary
# coordinates), as in its README.
@entry("torch-image-interpolation", "README: sample_image_2d (bilinear / nearest / bicubic), sample_image_3d, multichannel sample_image_1d and insert_into_image_2d, backward to the image")
def torch_image_interpolation_sample():
    from torch_image_interpolation import insert_into_image_2d, sample_image_1d, sample_image_2d, sample_image_3d

    def f(image, coords, vol, coords3, sig, values):
        bl = sample_image_2d(image=image, coordinates=coords, interpolation="bilinear")
        nn_ = sample_image_2d(image=image, coordinates=coords, interpolation="nearest")
        bc = sample_image_2d(image=image, coordinates=coords, interpolation="bicubic")
        s3 = sample_image_3d(image=vol, coordinates=coords3)
        s1 = sample_image_1d(image=sig, coordinates=coords[..., 0])
        ins, w = insert_into_image_2d(values, image=torch.zeros(28, 28), coordinates=coords[:3, :4])
        (bl.sum() + bc.sum()).backward()
        return bl.detach(), nn_.detach(), s3, s1, ins, w
    return f, (torch.rand(28, 28).requires_grad_(True), torch.rand(6, 7, 2) * 27, torch.rand(10, 10, 10),
               torch.rand(5, 3) * 9, torch.rand(2, 28), torch.rand(3, 4))


# ======================================================= torch-fourier-slice ==
# held-out set 12. torch-fourier-slice: dropped after the first collect (compile-error), see README.md.
# (teamtomo, projection / backprojection by Fourier slice extraction / insertion, as in its README; QR rotations).
# @entry("torch-fourier-slice", "README: project_3d_to_2d and backproject_2d_to_3d of a volume with 6 rotations, multichannel variants, project_2d_to_1d; backward to the volume")
# def torch_fourier_slice_project():
#     from torch_fourier_slice import (backproject_2d_to_3d, backproject_2d_to_3d_multichannel, project_2d_to_1d,
#                                      project_3d_to_2d, project_3d_to_2d_multichannel)
#     q, _ = torch.linalg.qr(torch.randn(6, 3, 3))
#     rot = q * torch.linalg.det(q)[:, None, None]
#     rot2 = torch.stack([torch.tensor([[c, -s], [s, c]]) for c, s in
#                         zip(torch.cos(torch.linspace(0, 3, 4)).tolist(), torch.sin(torch.linspace(0, 3, 4)).tolist())])

#     def f(volume, mvol, img):
#         projections = project_3d_to_2d(volume, rot)
#         reconstruction = backproject_2d_to_3d(projections, rot)
#         mproj = project_3d_to_2d_multichannel(mvol, rot)
#         mrec = backproject_2d_to_3d_multichannel(mproj, rot)
#         lines = project_2d_to_1d(img, rot2)
#         projections.sum().backward()
#         return reconstruction.detach(), mrec, lines
#     return f, (torch.rand(16, 16, 16).requires_grad_(True), torch.rand(2, 12, 12, 12), torch.rand(16, 16))


# ============================================================= torch-distmap ==
# held-out set 12. torch-distmap (Yael Balbastre, exact L1 / Euclidean distance transforms of binary images in pure
# PyTorch), from its docstrings (the optional jitfields backend is not installed).
@entry("torch-distmap", "euclidean_distance_transform (squared, voxel size), euclidean_signed_transform and l1_distance_transform / l1_signed_transform of 2D and 3D masks")
def torch_distmap_transforms():
    from distmap import (euclidean_distance_transform, euclidean_signed_transform, l1_distance_transform,
                         l1_signed_transform)

    def f(mask2, mask3):
        d = euclidean_distance_transform(mask2)
        d2 = euclidean_distance_transform(mask2, squared=True, vx=[1.0, 0.5])
        s = euclidean_signed_transform(mask3, ndim=3)
        l1 = l1_distance_transform(mask2)
        l1s = l1_signed_transform(mask3)
        return d, d2, s, l1, l1s
    m2 = torch.zeros(1, 24, 24)
    m2[:, 6:18, 8:20] = 1
    m3 = torch.zeros(12, 12, 12)
    m3[3:9, 2:10, 4:8] = 1
    return f, (m2, m3)


# =================================================================== qhoptim ==
# held-out set 12. qhoptim (Facebook Research, quasi-hyperbolic momentum optimizers QHM / QHAdam / QHAdamW), as in its
# README.
@entry("qhoptim", "README: QHM(nu=0.7, momentum=0.999), QHAdam(nus=(0.7, 1.0), betas=(0.995, 0.999)) and QHAdamW with weight decay; two training steps of a small MLP each")
def qhoptim_steps():
    from qhoptim.pyt import QHM, QHAdam, QHAdamW
    nets = [torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1)) for _ in range(3)]
    opts = [QHM(nets[0].parameters(), lr=1.0, nu=0.7, momentum=0.999, weight_decay=1e-4),
            QHAdam(nets[1].parameters(), lr=1e-3, nus=(0.7, 1.0), betas=(0.995, 0.999)),
            QHAdamW(nets[2].parameters(), lr=1e-3, nus=(0.7, 1.0), betas=(0.995, 0.999), weight_decay=1e-2)]

    def f(x, y):
        losses = []
        for net, opt in zip(nets, opts):
            for _ in range(2):
                opt.zero_grad()
                loss = torch.nn.functional.mse_loss(net(x), y)
                loss.backward()
                opt.step()
            losses.append(loss.detach())
        return torch.stack(losses)
    return f, (torch.randn(16, 8), torch.randn(16, 1))


# ================================================================ cplxmodule ==
# held-out set 12. cplxmodule (Ivan Nazarov, complex-valued layers and variational-dropout / ARD sparsification), as in
# its README.
@entry("cplxmodule", "README: RealToCplx -> CplxLinear -> CplxModReLU -> CplxLinearVD -> CplxToReal with penalties() KL term, backward; CplxConv1d / CplxBatchNorm1d; ARD masks deployed to a masked layer")
def cplxmodule_vd():
    from cplxmodule.nn import (CplxBatchNorm1d, CplxConv1d, CplxLinear, CplxModReLU, CplxSequential, CplxToReal,
                               RealToCplx)
    from cplxmodule.nn.masked import CplxLinearMasked, binarize_masks, deploy_masks
    from cplxmodule.nn.relevance import CplxLinearVD, compute_ard_masks, penalties
    model = torch.nn.Sequential(RealToCplx(), CplxLinear(8, 16), CplxModReLU(threshold=0.1), CplxLinearVD(16, 4),
                                CplxToReal())
    conv = CplxSequential(CplxConv1d(2, 4, 3, padding=1), CplxBatchNorm1d(4), CplxModReLU())
    masked = torch.nn.Sequential(RealToCplx(), CplxLinear(8, 16), CplxModReLU(threshold=0.1), CplxLinearMasked(16, 4),
                                 CplxToReal())

    def f(x, y, sig):
        out = model(x)
        kl = sum(penalties(model))
        loss = torch.nn.functional.mse_loss(out, y) + 1e-2 * kl
        loss.backward()
        z = conv(RealToCplx()(sig))
        masks = compute_ard_masks(model, threshold=3.0, prefix="")
        state, masks = binarize_masks(model.state_dict(), masks)
        masked.load_state_dict(state, strict=False)
        deploy_masks(masked, state_dict=masks)
        return loss.detach(), z.real, masked(x)
    return f, (torch.randn(5, 16), torch.randn(5, 8), torch.randn(3, 2, 24))


# ============================================================= FLASH-pytorch ==
# held-out set 12. FLASH-pytorch (lucidrains, "Transformer Quality in Linear Time": gated attention units with mixed
# chunk attention), as in its README.
@entry("FLASH-pytorch", "README: GAU (laplace attention fn), FLASH (group_size, causal) and FLASHTransformer(shift_tokens, scalenorm) LM; backward")
def flash_pytorch_forward():
    from flash_pytorch import FLASH, GAU, FLASHTransformer
    gau = GAU(dim=32, query_key_dim=16, causal=True, expansion_factor=2, laplace_attn_fn=True)
    flash = FLASH(dim=32, group_size=16, causal=True, query_key_dim=16, expansion_factor=2.0, laplace_attn_fn=True)
    model = FLASHTransformer(num_tokens=64, dim=32, depth=2, causal=True, group_size=16, query_key_dim=16,
                             expansion_factor=2.0, norm_type="scalenorm", shift_tokens=True)

    def f(x, ids):
        out = gau(x) + flash(x)
        logits = model(ids)
        (out.sum() + logits.sum()).backward()
        return out.detach(), logits.detach()
    return f, (torch.randn(1, 48, 32), torch.randint(0, 64, (1, 48)))


# ====================================================== perceiver-ar-pytorch ==
# held-out set 12. perceiver-ar-pytorch (lucidrains, Perceiver AR: cross-attention of a long prefix into a causal latent
# stack), as in its README.
@entry("perceiver-ar-pytorch", "README: PerceiverAR(max_seq_len, cross_attn_seq_len, cross_attn_dropout) logits; AutoregressiveWrapper loss backward")
def perceiver_ar_forward():
    from perceiver_ar_pytorch import PerceiverAR
    from perceiver_ar_pytorch.autoregressive_wrapper import AutoregressiveWrapper
    model = PerceiverAR(num_tokens=64, dim=32, depth=2, heads=2, dim_head=32, cross_attn_dropout=0.5, max_seq_len=64,
                        cross_attn_seq_len=48)
    wrapped = AutoregressiveWrapper(PerceiverAR(num_tokens=64, dim=32, depth=1, heads=2, dim_head=32, max_seq_len=64,
                                                cross_attn_seq_len=48))

    def f(x, x2):
        logits = model(x)
        loss = wrapped(x2)
        (logits.sum() + loss).backward()
        return logits.detach(), loss.detach()
    return f, (torch.randint(0, 64, (1, 64)), torch.randint(0, 64, (1, 65)))


# ---- held-out set 12, second batch
PACKAGES.update({
    "dropblock": {"dirs": ["dropblock"], "split": "dev"},
    "balanced-loss": {"dirs": ["balanced_loss"], "split": "dev"},
    "coral-pytorch": {"dirs": ["coral_pytorch"], "split": "dev"},
    "spacecutter": {"dirs": ["spacecutter"], "split": "dev"},
    "torchscan": {"dirs": ["torchscan"], "split": "dev"},
    "memformer": {"dirs": ["memformer"], "split": "dev"},
    "feedback-transformer-pytorch": {"dirs": ["feedback_transformer_pytorch"], "split": "dev"},
    "bottleneck-transformer-pytorch": {"dirs": ["bottleneck_transformer_pytorch"], "split": "dev"},
})


# ================================================================= dropblock ==
# held-out set 12. dropblock (DropBlock structured dropout regularization with a linear drop-probability schedule), as
# in its README.
@entry("dropblock", "README: LinearScheduler(DropBlock2D(block_size=3, drop_prob=0.), start, stop, nr_steps) stepped in a training loop of a small CNN; DropBlock3D; backward")
def dropblock_train():
    from dropblock import DropBlock2D, DropBlock3D, LinearScheduler
    drop = LinearScheduler(DropBlock2D(block_size=3, drop_prob=0.0), start_value=0.0, stop_value=0.25, nr_steps=5)
    drop3 = DropBlock3D(block_size=3, drop_prob=0.2)
    conv = torch.nn.Conv2d(3, 8, 3, padding=1)
    head = torch.nn.Linear(8, 4)

    def f(x, y, v):
        drop.train()
        losses = []
        for _ in range(2):
            drop.step()
            h = drop(torch.relu(conv(x)))
            loss = torch.nn.functional.cross_entropy(head(h.mean(dim=(2, 3))), y)
            loss.backward()
            losses.append(loss.detach())
        return torch.stack(losses), drop3(v)
    return f, (torch.randn(4, 3, 16, 16), torch.randint(0, 4, (4,)), torch.randn(2, 2, 8, 8, 8))


# ============================================================= balanced-loss ==
# held-out set 12. balanced-loss (class-balanced losses from effective numbers of samples, Cui et al. 2019), as in its
# README.
@entry("balanced-loss", "README: Loss(loss_type='focal_loss' / 'cross_entropy' / 'binary_cross_entropy', samples_per_class, class_balanced=True) on logits, backward")
def balanced_loss_forward():
    from balanced_loss import Loss
    spc = [30, 100, 10, 60, 5]
    focal = Loss(loss_type="focal_loss", samples_per_class=spc, class_balanced=True)
    ce = Loss(loss_type="cross_entropy", samples_per_class=spc, class_balanced=True)
    bce = Loss(loss_type="binary_cross_entropy", beta=0.99, fl_gamma=2, samples_per_class=spc, class_balanced=True)
    plain = Loss(loss_type="focal_loss")

    def f(logits, labels):
        loss = focal(logits, labels) + ce(logits, labels) + bce(logits, labels) + plain(logits, labels)
        loss.backward()
        return loss.detach()
    return f, (torch.randn(16, 5).requires_grad_(True), torch.randint(0, 5, (16,)))


# ============================================================= coral-pytorch ==
# held-out set 12. coral-pytorch (Raschka lab, CORAL / CORN rank-consistent ordinal regression), as in its tutorials.
@entry("coral-pytorch", "tutorials: CoralLayer head + levels_from_labelbatch + coral_loss / CoralLoss, proba_to_label; CORN head with corn_loss and corn_label_from_logits; backward")
def coral_pytorch_ordinal():
    from coral_pytorch.dataset import corn_label_from_logits, levels_from_labelbatch, proba_to_label
    from coral_pytorch.layers import CoralLayer
    from coral_pytorch.losses import CoralLoss, CornLoss, coral_loss, corn_loss
    num_classes = 5
    feat = torch.nn.Sequential(torch.nn.Linear(10, 16), torch.nn.ReLU())
    coral_head = CoralLayer(size_in=16, num_classes=num_classes)
    corn_head = torch.nn.Linear(16, num_classes - 1)

    def f(x, y):
        h = feat(x)
        logits = coral_head(h)
        levels = levels_from_labelbatch(y, num_classes=num_classes)
        loss = coral_loss(logits, levels) + CoralLoss()(logits, levels)
        pred = proba_to_label(torch.sigmoid(logits))
        logits2 = corn_head(h)
        loss2 = corn_loss(logits2, y, num_classes=num_classes) + CornLoss(num_classes)(logits2, y)
        (loss + loss2).backward()
        return pred, corn_label_from_logits(logits2.detach())
    return f, (torch.randn(12, 10), torch.randint(0, 5, (12,)))


# =============================================================== spacecutter ==
# held-out set 12. spacecutter (ordinal regression with a logistic cumulative link on any predictor), as in its README
# (plain PyTorch loop; AscensionCallback's clip applied directly instead of through skorch).
@entry("spacecutter", "README: OrdinalLogisticModel(predictor, num_classes) + CumulativeLinkLoss (with class weights) training step, AscensionCallback().clip on the cutpoints")
def spacecutter_train():
    from spacecutter.callbacks import AscensionCallback
    from spacecutter.losses import CumulativeLinkLoss
    from spacecutter.models import OrdinalLogisticModel
    predictor = torch.nn.Sequential(torch.nn.Linear(5, 5), torch.nn.ReLU(), torch.nn.Linear(5, 1))
    model = OrdinalLogisticModel(predictor, num_classes=4)
    loss_fn = CumulativeLinkLoss()
    loss_w = CumulativeLinkLoss(class_weights=torch.tensor([1.0, 2.0, 1.0, 0.5]))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    clip = AscensionCallback()

    def f(x, y):
        opt.zero_grad()
        y_pred = model(x)
        loss = loss_fn(y_pred, y) + loss_w(y_pred, y)
        loss.backward()
        opt.step()
        model.apply(clip.clip)
        return y_pred.detach(), loss.detach()
    return f, (torch.randn(16, 5), torch.randint(0, 4, (16, 1)))


# ================================================================= torchscan ==
# held-out set 12. torchscan (F-G Fernandez, module crawler: parameters, FLOPs, MACs, DMAs and receptive fields), as in
# its README.
@entry("torchscan", "README: summary(model, (3, 32, 32), receptive_field=True, max_depth=1) and crawl_module of a small CNN", calls=1)
def torchscan_summary():
    from torchscan import crawl_module, summary
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(),
                                torch.nn.MaxPool2d(2), torch.nn.Conv2d(8, 16, 3), torch.nn.ReLU(),
                                torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(16, 10)).eval()

    def f():
        summary(model, (3, 32, 32), receptive_field=True, max_depth=1)
        info = crawl_module(model, (3, 32, 32))
        return info["totals"]["trainable_parameters"]["value"], len(info["layers"])
    return f, ()


# ================================================================= memformer ==
# held-out set 12. memformer (lucidrains, Memformer: encoder-decoder transformer with memory slots updated by attention
# and a GRU), as in its README.
@entry("memformer", "README: Memformer over two segments passing memories with masks (encoder-decoder loss), encoder_only variant; memory_replay_backprop over a 3-segment sequence")
def memformer_segments():
    from memformer import Memformer, memory_replay_backprop
    model = Memformer(dim=32, enc_num_tokens=64, enc_depth=1, enc_heads=2, enc_max_seq_len=16, dec_num_tokens=64,
                      dec_depth=1, dec_heads=2, dec_max_seq_len=16, num_memory_slots=8)
    enc_only = Memformer(dim=32, num_memory_slots=8, encoder_only=True, enc_num_tokens=64, enc_depth=1, enc_heads=2,
                         enc_max_seq_len=16)

    def f(seg1, seg2, tgt, long_src):
        mask = torch.ones(1, 16).bool()
        _, mems, loss1 = model(seg1, tgt, src_mask=mask, tgt_mask=mask)
        _, mems, loss2 = model(seg2, tgt, mems=mems, src_mask=mask, tgt_mask=mask)
        (loss1 + loss2).backward()
        enc, mems2 = enc_only(seg1)
        loss3 = memory_replay_backprop(model, long_src, tgt, src_mask=torch.ones(1, 48).bool(), tgt_mask=mask)
        return loss2.detach(), enc.detach(), loss3
    return f, (torch.randint(0, 64, (1, 16)), torch.randint(0, 64, (1, 16)), torch.randint(0, 64, (1, 16)),
               torch.randint(0, 64, (1, 48)))


# ============================================== feedback-transformer-pytorch ==
# held-out set 12. feedback-transformer-pytorch (lucidrains, Feedback Transformer: every layer attends to a memory of
# all layers' past outputs, stepped seq_len tokens at a time), as in its README.
@entry("feedback-transformer-pytorch", "README: FeedbackTransformer(seq_len=2, mem_len, keep_last_hidden) logits over a 24-token sequence, backward")
def feedback_transformer_forward():
    from feedback_transformer_pytorch import FeedbackTransformer
    model = FeedbackTransformer(num_tokens=64, dim=32, depth=2, seq_len=2, mem_len=8, dim_head=16, heads=2,
                                attn_dropout=0.1, ff_dropout=0.1)
    model2 = FeedbackTransformer(num_tokens=64, dim=32, depth=1, seq_len=4, mem_len=8, dim_head=16, heads=2,
                                 keep_last_hidden=True)

    def f(x):
        logits = model(x)
        logits2 = model2(x)
        (logits.sum() + logits2.sum()).backward()
        return logits.detach()
    return f, (torch.randint(0, 64, (2, 24)),)


# ============================================ bottleneck-transformer-pytorch ==
# held-out set 12. bottleneck-transformer-pytorch (lucidrains, BoTNet: multi-head self-attention with relative / absolute
# position embeddings in ResNet bottleneck blocks), as in its README.
@entry("bottleneck-transformer-pytorch", "README: BottleStack(dim, fmap_size, dim_out, proj_factor, downsample, heads, dim_head, rel_pos_emb) with relative and absolute position embeddings, backward")
def bottleneck_transformer_forward():
    from bottleneck_transformer_pytorch import BottleStack
    layer = BottleStack(dim=16, fmap_size=16, dim_out=64, proj_factor=4, downsample=True, heads=2, dim_head=16,
                        rel_pos_emb=True, activation=torch.nn.ReLU())
    layer2 = BottleStack(dim=16, fmap_size=8, dim_out=32, proj_factor=2, downsample=False, heads=2, dim_head=16,
                         rel_pos_emb=False, num_layers=2)

    def f(fmap, fmap2):
        out = layer(fmap)
        out2 = layer2(fmap2)
        (out.sum() + out2.sum()).backward()
        return out.detach(), out2.detach()
    return f, (torch.randn(2, 16, 16, 16), torch.randn(2, 16, 8, 8))


# ---- held-out set 12, third batch
PACKAGES.update({
    "deel-torchlip": {"dirs": ["deel"], "split": "dev"},
    "positional-encodings": {"dirs": ["positional_encodings"], "split": "dev"},
    "monotonicnetworks": {"dirs": ["monotonicnetworks"], "split": "dev"},
    "evox": {"dirs": ["evox"], "split": "dev"},
})


# ============================================================= deel-torchlip ==
# held-out set 12. deel-torchlip (DEEL, 1-Lipschitz layers with spectral / Bjorck normalization and
# hinge-Kantorovich-Rubinstein losses for certifiably robust classifiers), as in its README.
@entry("deel-torchlip", "README: torchlip.Sequential of SpectralConv2d, GroupSort2, ScaledL2NormPool2d, SpectralLinear, FrobeniusLinear trained with HKRMulticlassLoss (+ KR / hinge metrics); vanilla_export")
def deel_torchlip_train():
    from deel import torchlip
    model = torchlip.Sequential(
        torchlip.SpectralConv2d(1, 8, (3, 3), padding=1), torchlip.GroupSort2(),
        torchlip.ScaledL2NormPool2d((2, 2)),
        torchlip.SpectralConv2d(8, 8, (3, 3), padding=1), torchlip.GroupSort2(),
        torchlip.ScaledAdaptiveAvgPool2d((1, 1)), torch.nn.Flatten(),
        torchlip.SpectralLinear(8, 16), torchlip.FullSort(),
        torchlip.FrobeniusLinear(16, 4),
    )
    hkr = torchlip.HKRMulticlassLoss(alpha=0.9, min_margin=0.5)
    kr = torchlip.KRMulticlassLoss()
    hinge = torchlip.HingeMulticlassLoss(min_margin=0.5)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def f(x, y):
        model.train()
        onehot = torch.nn.functional.one_hot(y, 4).float()
        opt.zero_grad()
        out = model(x)
        loss = hkr(out, onehot)
        loss.backward()
        opt.step()
        model.eval()
        with torch.no_grad():
            out = model(x)
            metrics = kr(out, onehot), hinge(out, onehot)
        vanilla = model.vanilla_export()
        return loss.detach(), metrics, vanilla(x)
    return f, (torch.randn(8, 1, 12, 12), torch.randint(0, 4, (8,)))


# ====================================================== positional-encodings ==
# held-out set 12. positional-encodings (1D / 2D / 3D sinusoidal positional encodings for PyTorch), as in its README.
@entry("positional-encodings", "README: PositionalEncoding1D / 2D / 3D, the Permute variants (channels-first) and Summer wrappers on small tensors")
def positional_encodings_forward():
    from positional_encodings.torch_encodings import (PositionalEncoding1D, PositionalEncoding2D, PositionalEncoding3D,
                                                      PositionalEncodingPermute2D, Summer)
    p1, p2, p3 = PositionalEncoding1D(10), PositionalEncoding2D(8), PositionalEncoding3D(11)
    s1 = Summer(PositionalEncoding1D(10))
    pp2 = PositionalEncodingPermute2D(8)

    def f(x1, x2, x3, x2c):
        return p1(x1), s1(x1), p2(x2), p3(x3), pp2(x2c)
    return f, (torch.rand(1, 6, 10), torch.rand(1, 5, 6, 8), torch.rand(1, 4, 5, 6, 11), torch.rand(1, 8, 5, 6))


# ========================================================= monotonicnetworks ==
# held-out set 12. monotonicnetworks (Lipschitz monotonic networks, Kitouni et al.), as in its README.
@entry("monotonicnetworks", "README: Sequential of LipschitzLinear(kind='one-inf' / 'inf') and GroupSort inside MonotonicWrapper(monotonic_constraints), SigmaNet; MSE training step")
def monotonicnetworks_train():
    import monotonicnetworks as lmn
    lip = torch.nn.Sequential(lmn.LipschitzLinear(3, 16, kind="one-inf"), lmn.GroupSort(2),
                              lmn.LipschitzLinear(16, 16, kind="inf"), lmn.GroupSort(2),
                              lmn.LipschitzLinear(16, 1, kind="inf"))
    model = lmn.MonotonicWrapper(lip, monotonic_constraints=[1, 0, -1])
    sigma = lmn.SigmaNet(torch.nn.Sequential(lmn.LipschitzLinear(3, 8, kind="one-inf"), lmn.GroupSort(2),
                                             lmn.LipschitzLinear(8, 1, kind="inf")), sigma=1.0,
                         monotonic_constraints=[1, 1, 0])
    opt = torch.optim.Adam(list(model.parameters()) + list(sigma.parameters()), lr=1e-3)

    def f(x, y):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y) + torch.nn.functional.mse_loss(sigma(x), y)
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(32, 3), torch.randn(32, 1))


# ====================================================================== evox ==
# held-out set 12. evox (EvoX 1.x, GPU-accelerated evolutionary computation in PyTorch: single- and multi-objective
# algorithms, benchmark problems and workflows), as in its README / quick-start.
@entry("evox", "README: StdWorkflow(PSO / DE, Ackley, EvalMonitor) init_step + 3 steps, best fitness", calls=1)
def evox_single_objective():
    from evox.algorithms import DE, PSO
    from evox.problems.numerical import Ackley
    from evox.workflows import EvalMonitor, StdWorkflow
    dim = 8
    lb, ub = -32 * torch.ones(dim), 32 * torch.ones(dim)
    algos = [PSO(pop_size=32, lb=lb, ub=ub), DE(pop_size=32, lb=lb, ub=ub)]
    monitors = [EvalMonitor() for _ in algos]
    workflows = [StdWorkflow(a, Ackley(), m) for a, m in zip(algos, monitors)]

    def f():
        for wf in workflows:
            wf.init_step()
            for _ in range(3):
                wf.step()
        return [m.get_best_fitness() for m in monitors]
    return f, ()


@entry("evox", "README: multi-objective StdWorkflow(NSGA2, DTLZ2, EvalMonitor(multi_obj=True)) init_step + 2 steps; IGD of the final population against the true Pareto front", calls=1)
def evox_multi_objective():
    from evox.algorithms import NSGA2
    from evox.metrics import igd
    from evox.problems.numerical import DTLZ2
    from evox.workflows import EvalMonitor, StdWorkflow
    prob = DTLZ2(d=8, m=3, ref_num=100)
    algo = NSGA2(pop_size=40, n_objs=3, lb=torch.zeros(8), ub=torch.ones(8))
    monitor = EvalMonitor(multi_obj=True, full_sol_history=False)
    wf = StdWorkflow(algo, prob, monitor)

    def f():
        wf.init_step()
        for _ in range(2):
            wf.step()
        fit = algo.fit[~torch.isnan(algo.fit).any(dim=1)]
        return igd(fit, prob.pf())
    return f, ()


# ---- held-out set 12, fourth batch
PACKAGES.update({
    "torchreg": {"dirs": ["torchreg"], "split": "dev"},
    "cliffordlayers": {"dirs": ["cliffordlayers"], "split": "dev"},
    "torch-efficient-distloss": {"dirs": ["torch_efficient_distloss"], "split": "dev"},
    "deformable-attention": {"dirs": ["deformable_attention"], "split": "dev"},
    "memory-compressed-attention": {"dirs": ["memory_compressed_attention"], "split": "dev"},
})


# ================================================================== torchreg ==
# held-out set 12. torchreg (tiny multiresolution affine and diffeomorphic SyN image registration by gradient descent),
# as in its README and basics notebook (squares / cubes).
@entry("torchreg", "README: AffineRegistration(scales=(2, 1), iterations, is_3d=False) of two squares, transform and get_affine; SyNRegistration of two 3D cubes (few iterations)", calls=1)
def torchreg_register():
    from torchreg import AffineRegistration, SyNRegistration
    moving = torch.zeros(1, 1, 32, 32)
    moving[..., 8:20, 10:22] = 1.0
    static = torch.zeros(1, 1, 32, 32)
    static[..., 12:26, 12:24] = 1.0
    mov3 = torch.zeros(1, 1, 16, 16, 16)
    mov3[..., 4:10, 4:10, 4:10] = 1.0
    sta3 = torch.zeros(1, 1, 16, 16, 16)
    sta3[..., 6:12, 5:11, 5:12] = 1.0

    def f(moving, static, mov3, sta3):
        reg = AffineRegistration(scales=(2, 1), iterations=(3, 2), is_3d=False, verbose=False)
        moved = reg(moving, static)
        again = reg.transform(moving, shape=(16, 16))
        syn = SyNRegistration(scales=(2, 1), iterations=(2, 1), verbose=False)
        moved_xy, moved_yx, flow_xy, flow_yx = syn(mov3, sta3)
        return moved, again, reg.get_affine(), moved_xy, flow_xy
    return f, (moving, static, mov3, sta3)


# ============================================================ cliffordlayers ==
# held-out set 12. cliffordlayers (Microsoft Research, Clifford-algebra neural layers for PDE surrogate modeling), as in
# its docs (signature g = [1, 1]: scalar + vector + bivector blades of 2D fields).
@entry("cliffordlayers", "docs: CliffordLinear, CliffordConv2d (and the rotation kernel for g = [-1, -1]), CliffordSpectralConv2d, CliffordBatchNorm2d / CliffordGroupNorm2d and CliffordNet2d(CliffordBasicBlock2d) on scalar + vector fields; 2D multivector inputs, backward")
def cliffordlayers_forward():
    import torch.nn.functional as F
    from cliffordlayers.models.models_2d import CliffordBasicBlock2d, CliffordNet2d
    from cliffordlayers.nn.modules.batchnorm import CliffordBatchNorm2d
    from cliffordlayers.nn.modules.cliffordconv import CliffordConv2d
    from cliffordlayers.nn.modules.cliffordfourier import CliffordSpectralConv2d
    from cliffordlayers.nn.modules.cliffordlinear import CliffordLinear
    from cliffordlayers.nn.modules.groupnorm import CliffordGroupNorm2d
    g = [1, 1]
    lin = CliffordLinear(g, 4, 6)
    conv = CliffordConv2d(g, 4, 6, kernel_size=3, padding=1)
    rot = CliffordConv2d([-1, -1], 4, 6, kernel_size=3, padding=1, rotation=True)
    spec = CliffordSpectralConv2d(g, 4, 6, modes1=4, modes2=4)
    bn = CliffordBatchNorm2d(g, 6)
    gn = CliffordGroupNorm2d(g, 2, 6)
    net = CliffordNet2d(g, block=CliffordBasicBlock2d, num_blocks=[1, 1], in_channels=4, out_channels=1,
                        hidden_channels=8, activation=F.gelu, rotation=False, norm=True, num_groups=1)

    def f(x, v, fields):
        a = lin(v)
        b = bn(conv(x)) + gn(spec(x)) + rot(x)
        y = net(fields)
        (a.sum() + b.sum() + y.sum()).backward()
        return a.detach(), b.detach(), y.detach()
    return f, (torch.randn(2, 4, 16, 16, 4), torch.randn(8, 4, 4), torch.randn(2, 4, 16, 16, 3))


# ================================================== torch-efficient-distloss ==
# held-out set 12. torch-efficient-distloss (Cheng Sun, O(N) distortion loss of Mip-NeRF 360 for volume-rendering
# weights along rays), as in its README (CPU: eff_distloss and eff_distloss_native; the CUDA-only flatten variant is not
# used).
@entry("torch-efficient-distloss", "README: eff_distloss (custom autograd Function) and eff_distloss_native on softmax ray weights and sample midpoints, backward")
def torch_efficient_distloss_forward():
    from torch_efficient_distloss import eff_distloss, eff_distloss_native
    depth = torch.linspace(0, 1, 65)

    def f(w_logits):
        w = w_logits.softmax(-1)
        s = depth.expand(w.shape[0], -1)
        m = (s[..., 1:] + s[..., :-1]) * 0.5
        interval = s[..., 1:] - s[..., :-1]
        loss = eff_distloss(w, m, interval) + eff_distloss_native(w, m, interval) + eff_distloss(w, m, 1 / 64)
        loss.backward()
        return loss.detach()
    return f, (torch.randn(32, 64).requires_grad_(True),)


# ====================================================== deformable-attention ==
# held-out set 12. deformable-attention (lucidrains, deformable attention of DAT / DETR-style learned sampling offsets
# with continuous position bias), as in its README.
@entry("deformable-attention", "README: DeformableAttention (2D, downsample_factor, offset_scale, offset_kernel_size), DeformableAttention1D and DeformableAttention3D, backward")
def deformable_attention_forward():
    from deformable_attention import DeformableAttention, DeformableAttention1D, DeformableAttention3D
    attn = DeformableAttention(dim=32, dim_head=16, heads=2, dropout=0.0, downsample_factor=4, offset_scale=4,
                               offset_groups=None, offset_kernel_size=6)
    attn1 = DeformableAttention1D(dim=32, dim_head=16, heads=2, downsample_factor=4, offset_scale=2,
                                  offset_kernel_size=6)
    attn3 = DeformableAttention3D(dim=16, dim_head=8, heads=2, downsample_factor=(2, 4, 4), offset_scale=(2, 4, 4),
                                  offset_kernel_size=(4, 6, 6))

    def f(x, x1, x3):
        out = attn(x)
        out1 = attn1(x1)
        out3 = attn3(x3)
        (out.sum() + out1.sum() + out3.sum()).backward()
        return out.detach(), out1.detach(), out3.detach()
    return f, (torch.randn(1, 32, 16, 16), torch.randn(1, 32, 64), torch.randn(1, 16, 4, 8, 8))


# =============================================== memory-compressed-attention ==
# held-out set 12. memory-compressed-attention (lucidrains, strided-convolution compressed keys / values of
# "Generating Wikipedia by Summarizing Long Sequences"), as in its README.
@entry("memory-compressed-attention", "README: MemoryCompressedAttention(compression_factor=3) with an input mask, causal variant, backward")
def memory_compressed_attention_forward():
    from memory_compressed_attention import MemoryCompressedAttention
    attn = MemoryCompressedAttention(dim=32, heads=2, causal=False, compression_factor=3, dropout=0.1)
    causal = MemoryCompressedAttention(dim=32, heads=2, causal=True, compression_factor=4)

    def f(x, mask):
        out = attn(x, input_mask=mask) + causal(x)
        out.sum().backward()
        return out.detach()
    mask = torch.ones(1, 96).bool()
    mask[:, 80:] = False
    return f, (torch.randn(1, 96, 32), mask)


# ---- held-out set 12, fifth batch
PACKAGES.update({
    "pytorch-spiking": {"dirs": ["pytorch_spiking"], "split": "dev"},
    "torch-fourier-rescale": {"dirs": ["torch_fourier_rescale"], "split": "dev"},
    "torch-subpixel-crop": {"dirs": ["torch_subpixel_crop"], "split": "dev"},
    "uformer-pytorch": {"dirs": ["uformer_pytorch"], "split": "dev"},
    "n-grammer-pytorch": {"dirs": ["n_grammer_pytorch"], "split": "dev"},
    "agent-attention-pytorch": {"dirs": ["agent_attention_pytorch"], "split": "dev"},
    "bidirectional-cross-attention": {"dirs": ["bidirectional_cross_attention"], "split": "dev"},
})


# =========================================================== pytorch-spiking ==
# held-out set 12. pytorch-spiking (Nengo, spiking activations with spiking-aware training, lowpass synaptic filters), as
# in its README and Fashion-MNIST example (time-distributed inputs).
@entry("pytorch-spiking", "README / example: SpikingActivation(ReLU, dt, spiking_aware_training) over time steps, Lowpass(tau) filter and TemporalAvgPool; training step and eval with return_sequences=False")
def pytorch_spiking_train():
    import pytorch_spiking
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), pytorch_spiking.SpikingActivation(torch.nn.ReLU(), dt=0.01),
                                pytorch_spiking.Lowpass(tau=0.1, units=16, dt=0.01),
                                pytorch_spiking.TemporalAvgPool(), torch.nn.Linear(16, 3))
    last = pytorch_spiking.SpikingActivation(torch.nn.Tanh(), dt=0.01, return_sequences=False,
                                             spiking_aware_training=False)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def f(x, y):
        model.train()
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        model.eval()
        with torch.no_grad():
            out = model(x)
        return loss.detach(), out, last(x)
    return f, (torch.rand(4, 20, 8), torch.randint(0, 3, (4,)))


# ===================================================== torch-fourier-rescale ==
# held-out set 12. torch-fourier-rescale (teamtomo, rescaling 2D / 3D images to a new pixel spacing by Fourier cropping
# and padding), from its docstrings.
@entry("torch-fourier-rescale", "fourier_rescale_2d (downsample by spacing, upsample to a target shape) and fourier_rescale_3d; fourier_rescale_rfft_2d on an rfft")
def torch_fourier_rescale_images():
    from torch_fourier_rescale import fourier_rescale_2d, fourier_rescale_3d, fourier_rescale_rfft_2d

    def f(img, vol):
        down, spacing = fourier_rescale_2d(img, source_spacing=1.0, target_spacing=2.0)
        up, spacing2 = fourier_rescale_2d(img, target_shape=(48, 48))
        vdown, vspacing = fourier_rescale_3d(vol, source_spacing=(1.0, 1.0, 1.0), target_spacing=1.5, preserve_mean=False)
        dft = torch.fft.rfftn(img, dim=(-2, -1))
        r = fourier_rescale_rfft_2d(dft, image_shape=(32, 32), target_shape=(16, 16))
        return down, spacing, up, vdown, r
    return f, (torch.rand(2, 32, 32), torch.rand(16, 16, 16))


# ======================================================= torch-subpixel-crop ==
# held-out set 12. torch-subpixel-crop (teamtomo, extracting 2D / 3D patches at subpixel positions by Fourier shifts),
# from its docstrings.
@entry("torch-subpixel-crop", "subpixel_crop_2d of patches at fractional positions (with a mask, as rfft with decenter) and subpixel_crop_3d, backward to the image")
def torch_subpixel_crop_patches():
    from torch_subpixel_crop.subpixel_crop_2d import subpixel_crop_2d
    from torch_subpixel_crop.subpixel_crop_3d import subpixel_crop_3d

    def f(img, pos, vol, pos3):
        patches = subpixel_crop_2d(img, pos, sidelength=8)
        masked = subpixel_crop_2d(img, pos, sidelength=8, mask=torch.ones(8, 8), return_rfft=True, decenter=True)
        cubes = subpixel_crop_3d(vol, pos3, sidelength=6)
        patches.sum().backward()
        return patches.detach(), masked.detach(), cubes
    return f, (torch.rand(32, 32).requires_grad_(True), torch.tensor([[10.5, 12.25], [20.0, 8.75], [16.3, 16.9]]),
               torch.rand(16, 16, 16), torch.tensor([[8.5, 7.25, 9.0], [6.0, 9.5, 8.1]]))


# =========================================================== uformer-pytorch ==
# held-out set 12. uformer-pytorch (lucidrains, Uformer: U-shaped window-attention transformer for image restoration),
# as in its README.
@entry("uformer-pytorch", "README: Uformer(dim, stages, num_blocks, window_size, dim_head, heads) restoration of a noisy image, L1 loss backward; time-conditioned variant")
def uformer_forward():
    from uformer_pytorch import Uformer
    model = Uformer(dim=16, stages=2, num_blocks=1, window_size=8, dim_head=8, heads=2, ff_mult=2)
    model_t = Uformer(dim=16, stages=2, num_blocks=1, window_size=8, dim_head=8, heads=2, ff_mult=2, time_emb=True)

    def f(noisy, clean, t):
        pred = model(noisy)
        loss = torch.nn.functional.l1_loss(pred, clean) + model_t(noisy, time=t).abs().mean()
        loss.backward()
        return pred.detach(), loss.detach()
    return f, (torch.randn(1, 3, 32, 32), torch.randn(1, 3, 32, 32), torch.rand(1))


# ========================================================= n-grammer-pytorch ==
# held-out set 12. n-grammer-pytorch (lucidrains, N-Grammer: latent n-gram embeddings from product-quantized cluster ids),
# as in its README.
@entry("n-grammer-pytorch", "README: VQNgrammer(num_clusters, num_heads, dim_per_head, ngram_vocab_size, ngram_emb_dim, decay) with a mask; get_ngrammer_param_groups for the optimizer; backward")
def n_grammer_forward():
    from n_grammer_pytorch import VQNgrammer, get_ngrammer_param_groups
    vq_ngram = VQNgrammer(num_clusters=64, num_heads=4, dim_per_head=8, ngram_vocab_size=512, ngram_emb_dim=4,
                          decay=0.999)
    proj = torch.nn.Linear(32, 32)
    model = torch.nn.ModuleList([proj, vq_ngram])
    opt = torch.optim.Adam(get_ngrammer_param_groups(model), lr=1e-3)

    def f(x, mask):
        opt.zero_grad()
        out = vq_ngram(proj(x), mask=mask)
        out.sum().backward()
        opt.step()
        return out.detach()
    return f, (torch.randn(2, 48, 32), torch.ones(2, 48).bool())


# =================================================== agent-attention-pytorch ==
# held-out set 12. agent-attention-pytorch (lucidrains, Agent Attention: agent tokens summarize and broadcast global
# context in linear time), as in its README.
@entry("agent-attention-pytorch", "README: AgentSelfAttention(num_agent_tokens) with a mask and AgentTransformer(depth) returning agent tokens, backward")
def agent_attention_forward():
    from agent_attention_pytorch import AgentSelfAttention, AgentTransformer
    attn = AgentSelfAttention(dim=32, num_agent_tokens=16, dim_head=16, heads=2)
    model = AgentTransformer(dim=32, depth=2, num_agent_tokens=8, dim_head=16, heads=2)

    def f(x, mask):
        out = attn(x, mask=mask)
        out2, agent_tokens = model(x, mask=mask, return_agent_tokens=True)
        (out.sum() + out2.sum() + agent_tokens.sum()).backward()
        return out.detach(), out2.detach()
    return f, (torch.randn(2, 128, 32), torch.ones(2, 128).bool())


# ============================================= bidirectional-cross-attention ==
# held-out set 12. bidirectional-cross-attention (lucidrains, joint cross attention updating two modalities at once, e.g.
# video and audio), as in its README.
@entry("bidirectional-cross-attention", "README: BidirectionalCrossAttention(dim, heads, dim_head, context_dim) on video / audio tokens with masks (return_attn), BidirectionalCrossAttentionTransformer, backward")
def bidirectional_cross_attention_forward():
    from bidirectional_cross_attention import BidirectionalCrossAttention, BidirectionalCrossAttentionTransformer
    joint = BidirectionalCrossAttention(dim=32, heads=2, dim_head=16, context_dim=24, talking_heads=True, prenorm=True)
    stack = BidirectionalCrossAttentionTransformer(dim=32, depth=2, context_dim=24, heads=2, dim_head=16)

    def f(video, audio, video_mask, audio_mask):
        v, a, attn, ctx_attn = joint(video, audio, mask=video_mask, context_mask=audio_mask, return_attn=True)
        v2, a2 = stack(video, audio, mask=video_mask, context_mask=audio_mask)
        (v.sum() + a.sum() + v2.sum() + a2.sum()).backward()
        return v.detach(), a.detach(), attn.detach()
    return f, (torch.randn(1, 64, 32), torch.randn(1, 96, 24), torch.ones(1, 64).bool(), torch.ones(1, 96).bool())


# ---- held-out set 12, sixth batch
PACKAGES.update({
    "ProxTorch": {"dirs": ["proxtorch"], "split": "dev"},
    "fast-transformer-pytorch": {"dirs": ["fast_transformer_pytorch"], "split": "dev"},
    "remixer-pytorch": {"dirs": ["remixer_pytorch"], "split": "dev"},
    "tranception-pytorch": {"dirs": ["tranception_pytorch"], "split": "dev"},
})


# ================================================================= ProxTorch ==
# held-out set 12. ProxTorch (proximal operators and constraint projections for proximal gradient descent in PyTorch),
# as in its README quick start (regularization value and prox) and a proximal-gradient lasso loop.
@entry("ProxTorch", "README: L1 / ElasticNet / GroupLasso / Huber / FusedLasso values and prox steps of proximal gradient descent on a least-squares problem; TV_2D denoising prox; L1Ball, Box and Rank projections")
def proxtorch_prox_gradient():
    from proxtorch.constraints import Box, L1Ball, Rank
    from proxtorch.operators import L1, TV_2D, ElasticNet, FusedLasso, GroupLasso, Huber
    l1, enet, glasso = L1(alpha=0.1), ElasticNet(alpha=0.1, l1_ratio=0.5), GroupLasso(alpha=0.1, group_sizes=[4, 4, 8])
    huber, fused, tv = Huber(alpha=0.1, delta=0.5), FusedLasso(alpha=0.1), TV_2D(alpha=0.1, max_iter=10)
    ball, box, rank = L1Ball(s=1.0), Box(a=-0.5, b=0.5), Rank(max_rank=2)

    def f(A, b, img, M):
        x = torch.zeros(16)
        for reg in (l1, enet, glasso):
            for _ in range(3):
                grad = A.T @ (A @ x - b)
                x = reg.prox(x - 0.01 * grad, 0.01)
        vals = l1(x) + enet(x) + glasso(x) + huber(x) + fused(x)
        den = tv.prox(img, 1.0)
        return x, vals, huber.prox(x, 0.1), fused.prox(x, 0.1), den, ball.prox(x), box.prox(x), rank.prox(M), ball(x)
    return f, (torch.randn(32, 16), torch.randn(32), torch.rand(16, 16), torch.randn(6, 5))


# ================================================== fast-transformer-pytorch ==
# held-out set 12. fast-transformer-pytorch (lucidrains, Fastformer: additive attention with global query / key vectors),
# as in its README.
@entry("fast-transformer-pytorch", "README: FastTransformer(num_tokens, dim, depth, max_seq_len, absolute_pos_emb) logits with a mask (absolute positions: the rotary default fails with the installed rotary-embedding-torch), backward")
def fast_transformer_forward():
    from fast_transformer_pytorch import FastTransformer
    model = FastTransformer(num_tokens=64, dim=32, depth=2, max_seq_len=64, heads=2, dim_head=16, absolute_pos_emb=True)

    def f(x, mask):
        logits = model(x, mask=mask)
        logits.sum().backward()
        return logits.detach()
    mask = torch.ones(1, 64).bool()
    mask[:, 50:] = False
    return f, (torch.randint(0, 64, (1, 64)), mask)


# =========================================================== remixer-pytorch ==
# held-out set 12. remixer-pytorch (lucidrains, Remixer: token mixing by a learned softmax mixing matrix with multiplicative
# and subtractive combination), as in its README.
@entry("remixer-pytorch", "README: RemixerBlock(dim, seq_len) and a causal RemixerBlock, backward")
def remixer_forward():
    from remixer_pytorch import RemixerBlock
    block = RemixerBlock(dim=32, seq_len=48)
    causal = RemixerBlock(dim=32, seq_len=48, causal=True)

    def f(x):
        out = block(x) + causal(x)
        out.sum().backward()
        return out.detach()
    return f, (torch.randn(2, 48, 32),)


# ======================================================= tranception-pytorch ==
# held-out set 12. tranception-pytorch (lucidrains, Tranception: protein fitness LM with grouped depthwise-convolution
# heads and ALiBi), as in its README.
@entry("tranception-pytorch", "README: Tranception(dim, depth, heads, dim_head) logits over amino-acid ids with a mask, next-token loss backward (called once: a second backward fails eagerly)", calls=1)
def tranception_forward():
    from tranception_pytorch import Tranception
    model = Tranception(dim=32, depth=2, heads=4, dim_head=8)

    def f(ids, mask):
        logits = model(ids, mask=mask)
        loss = torch.nn.functional.cross_entropy(logits[:, :-1].transpose(1, 2), ids[:, 1:])
        loss.backward()
        return logits.detach(), loss.detach()
    return f, (torch.randint(0, 21, (2, 48)), torch.ones(2, 48).bool())


# ---- held-out set 12, seventh batch
PACKAGES.update({
    "dog-optimizer": {"dirs": ["dog"], "split": "dev"},
    # "mechanic-pytorch": {"dirs": ["mechanic_pytorch"], "split": "dev"},  # dropped: compile-error
    "kronecker-attention-pytorch": {"dirs": ["kronecker_attention_pytorch"], "split": "dev"},
    "token-shift-gpt": {"dirs": ["token_shift_gpt"], "split": "dev"},
})


# ============================================================= dog-optimizer ==
# held-out set 12. dog-optimizer (DoG / L-DoG "distance over gradients" parameter-free step sizes, Ivgi et al.), as in
# its README (with the PolynomialDecayAverager iterate averaging it recommends).
@entry("dog-optimizer", "README: DoG and LDoG training steps of a small MLP with PolynomialDecayAverager.step() after each optimizer step; averaged model eval")
def dog_optimizer_train():
    from dog import DoG, LDoG, PolynomialDecayAverager
    nets = [torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1)) for _ in range(2)]
    opts = [DoG(nets[0].parameters(), reps_rel=1e-4), LDoG(nets[1].parameters(), weight_decay=1e-4)]
    avgs = [PolynomialDecayAverager(net) for net in nets]

    def f(x, y):
        outs = []
        for net, opt, avg in zip(nets, opts, avgs):
            for _ in range(2):
                opt.zero_grad()
                loss = torch.nn.functional.mse_loss(net(x), y)
                loss.backward()
                opt.step()
                avg.step()
            outs.append(avg.averaged_model(x).detach())
        return outs
    return f, (torch.randn(16, 8), torch.randn(16, 1))


# ========================================================== mechanic-pytorch ==
# held-out set 12. mechanic-pytorch: dropped after the seventh collect (compile-error), see README.md.
# (Ashok Cutkosky, Mechanic learning-rate scale tuner wrapping any optimizer, as in its README.)
# @entry("mechanic-pytorch", "README: mechanize(torch.optim.SGD) and mechanize(torch.optim.AdamW, s_decay=0.0, store_delta=True) training steps of a small MLP")
# def mechanic_pytorch_train():
#     from mechanic_pytorch import mechanize
#     nets = [torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1)) for _ in range(2)]
#     opts = [mechanize(torch.optim.SGD)(nets[0].parameters(), lr=1.0),
#             mechanize(torch.optim.AdamW, s_decay=0.0, store_delta=True)(nets[1].parameters(), lr=0.01)]

#     def f(x, y):
#         losses = []
#         for net, opt in zip(nets, opts):
#             for _ in range(2):
#                 opt.zero_grad()
#                 loss = torch.nn.functional.mse_loss(net(x), y)
#                 loss.backward()
#                 opt.step()
#             losses.append(loss.detach())
#         return torch.stack(losses)
#     return f, (torch.randn(16, 8), torch.randn(16, 1))


# =============================================== kronecker-attention-pytorch ==
# held-out set 12. kronecker-attention-pytorch (lucidrains, Kronecker attention: attending over averaged rows and columns
# of a feature map), as in its README.
@entry("kronecker-attention-pytorch", "README: KroneckerSelfAttention(dim, heads, dim_heads) on a feature map, backward")
def kronecker_attention_forward():
    from kronecker_attention_pytorch import KroneckerSelfAttention
    attn = KroneckerSelfAttention(dim=32, heads=4, dim_heads=16)

    def f(x):
        out = attn(x)
        out.sum().backward()
        return out.detach()
    return f, (torch.randn(2, 32, 16, 16),)


# =========================================================== token-shift-gpt ==
# held-out set 12. token-shift-gpt (lucidrains, attention-free autoregressive model mixing features by shifting tokens
# along the sequence), as in its README.
@entry("token-shift-gpt", "README: TokenShiftGPT(num_tokens, dim, max_seq_len, depth, ff_mult) logits; AutoregressiveWrapper loss backward")
def token_shift_gpt_forward():
    from token_shift_gpt import TokenShiftGPT
    from token_shift_gpt.autoregressive_wrapper import AutoregressiveWrapper
    model = TokenShiftGPT(num_tokens=64, dim=32, max_seq_len=64, depth=2, ff_mult=2)
    wrapped = AutoregressiveWrapper(TokenShiftGPT(num_tokens=64, dim=32, max_seq_len=64, depth=1, ff_mult=2))

    def f(x, x2):
        logits = model(x)
        loss = wrapped(x2)
        (logits.sum() + loss).backward()
        return logits.detach(), loss.detach()
    return f, (torch.randint(0, 64, (1, 64)), torch.randint(0, 64, (1, 65)))


# ---- held-out set 12, eighth batch
PACKAGES.update({
    "protein-bert-pytorch": {"dirs": ["protein_bert_pytorch"], "split": "dev"},
    "res-mlp-pytorch": {"dirs": ["res_mlp_pytorch"], "split": "dev"},
})


# ====================================================== protein-bert-pytorch ==
# held-out set 12. protein-bert-pytorch (lucidrains, ProteinBERT: local sequence and global annotation tracks with
# narrow / wide dilated convolutions and global attention), as in its README.
@entry("protein-bert-pytorch", "README: ProteinBERT(num_tokens, num_annotation, dim, dim_global, depth, local_to_global_attn) sequence and annotation logits with a mask; PretrainingWrapper masked loss backward")
def protein_bert_forward():
    from protein_bert_pytorch import PretrainingWrapper, ProteinBERT
    model = ProteinBERT(num_tokens=21, num_annotation=64, dim=32, dim_global=16, depth=2, narrow_conv_kernel=9,
                        wide_conv_kernel=9, wide_conv_dilation=5, attn_heads=2, attn_dim_head=16,
                        local_to_global_attn=False, local_self_attn=True, num_global_tokens=2, glu_conv=False)
    learner = PretrainingWrapper(model, random_replace_token_prob=0.05, remove_annotation_prob=0.25,
                                 add_annotation_prob=0.01, remove_all_annotations_prob=0.5, seq_loss_weight=1.0,
                                 annotation_loss_weight=1.0, exclude_token_ids=(0, 1, 2))

    def f(seq, annotation, mask):
        seq_logits, annotation_logits = model(seq, annotation, mask=mask)
        loss = learner(seq, annotation, mask=mask)
        loss.backward()
        return seq_logits.detach(), annotation_logits.detach(), loss.detach()
    return f, (torch.randint(0, 21, (2, 64)), torch.randint(0, 2, (2, 64)).float(), torch.ones(2, 64).bool())


# =========================================================== res-mlp-pytorch ==
# held-out set 12. res-mlp-pytorch (lucidrains, ResMLP: residual MLP image classifier with affine normalization), as in
# its README.
@entry("res-mlp-pytorch", "README: ResMLP(image_size, patch_size, dim, depth, num_classes) classification loss backward")
def res_mlp_forward():
    from res_mlp_pytorch import ResMLP
    model = ResMLP(image_size=32, patch_size=8, dim=32, depth=2, num_classes=10)

    def f(img, y):
        logits = model(img)
        loss = torch.nn.functional.cross_entropy(logits, y)
        loss.backward()
        return logits.detach()
    return f, (torch.randn(2, 3, 32, 32), torch.randint(0, 10, (2,)))


# ---- held-out set 13, first batch
PACKAGES.update({
    "pytorchcv": {"dirs": ["pytorchcv"], "split": "dev"},
    "UMNN": {"dirs": ["UMNN"], "split": "dev"},
    "hadamard-transform": {"dirs": ["hadamard_transform"], "split": "dev"},
    "parameterfree": {"dirs": ["parameterfree"], "split": "dev"},
    "sam-pytorch": {"dirs": ["sam"], "split": "dev"},
    "einconv": {"dirs": ["einconv"], "split": "dev"},
    "singd": {"dirs": ["singd"], "split": "dev"},
})


# ================================================================= pytorchcv ==
# held-out set 13. pytorchcv (imgclsmob model zoo: hundreds of image classifiers in plain PyTorch), as in its README
# (`ptcv_get_model(name, pretrained=False)`), CIFAR-10 variants for 32x32 inputs.
@entry("pytorchcv", "README: ptcv_get_model resnet20_cifar10, shakeshakeresnet20_2x16d_cifar10 and resdropresnet20_cifar10 (stochastic regularizers in train mode) cross-entropy training step")
def pytorchcv_cifar_train():
    from pytorchcv.model_provider import get_model as ptcv_get_model
    nets = [ptcv_get_model(n, pretrained=False) for n in
            ("resnet20_cifar10", "shakeshakeresnet20_2x16d_cifar10", "resdropresnet20_cifar10")]
    params = [p for n in nets for p in n.parameters()]
    opt = torch.optim.SGD(params, lr=0.01, momentum=0.9)

    def f(x, y):
        opt.zero_grad()
        loss = sum(torch.nn.functional.cross_entropy(n(x), y) for n in nets)
        loss.backward()
        opt.step()
        return loss.detach()
    for n in nets:
        n.train()
    return f, (torch.randn(2, 3, 32, 32), torch.randint(0, 10, (2,)))


@entry("pytorchcv", "README: ptcv_get_model diaresnet20_cifar10, wrn20_10_1bit_cifar10 (binarized weights) and nin_cifar10 inference")
def pytorchcv_cifar_eval():
    from pytorchcv.model_provider import get_model as ptcv_get_model
    nets = [ptcv_get_model(n, pretrained=False).eval() for n in
            ("diaresnet20_cifar10", "wrn20_10_1bit_cifar10", "nin_cifar10")]

    def f(x):
        with torch.no_grad():
            return [n(x) for n in nets]
    return f, (torch.randn(2, 3, 32, 32),)


# ====================================================================== UMNN ==
# held-out set 13. UMNN (unconstrained monotonic neural networks: a monotonic function as the numerical integral of a
# positive network, and the UMNN-MAF normalizing flow), as in its README / examples.
@entry("UMNN", "README: MonotonicNN(in_d, hidden_layers, nb_steps) monotonic in its first input, conditioned on the rest; MSE backward through the Clenshaw-Curtis neural integral")
def umnn_monotonic_nn():
    from UMNN import MonotonicNN
    model = MonotonicNN(3, [16, 16], nb_steps=20)

    def f(x, h, y):
        out = model(x, h)
        loss = torch.nn.functional.mse_loss(out, y)
        loss.backward()
        return out.detach()
    return f, (torch.randn(16, 1), torch.randn(16, 2), torch.randn(16, 1))


@entry("UMNN", "README: UMNNMAFFlow(nb_flow, nb_in, hidden_derivative, hidden_embedding, embedding_s, nb_steps) log-likelihood backward; invert a latent sample")
def umnn_maf_flow():
    from UMNN import UMNNMAFFlow
    flow = UMNNMAFFlow(nb_flow=2, nb_in=2, hidden_derivative=[16, 16], hidden_embedding=[16, 16], embedding_s=4,
                       nb_steps=20)

    def f(x, z):
        ll, _ = flow.compute_ll(x)
        (-ll.mean()).backward()
        with torch.no_grad():
            x_inv = flow.invert(z, iter=5)
        return ll.detach(), x_inv
    return f, (torch.randn(16, 2), torch.randn(4, 2))


# ======================================================== hadamard-transform ==
# held-out set 13. hadamard-transform (fast Walsh-Hadamard transform in pure PyTorch, randomized Hadamard transforms),
# as in its README.
@entry("hadamard-transform", "README: hadamard_transform (batched, padded to a power of 2), randomized_hadamard_transform and its inverse with a torch.Generator, in-place hadamard_transform_")
def hadamard_transform_fwht():
    from hadamard_transform import (hadamard_transform, hadamard_transform_, inverse_randomized_hadamard_transform,
                                    pad_to_power_of_2, randomized_hadamard_transform)

    def f(x, y):
        prng = torch.Generator().manual_seed(0)
        hx = hadamard_transform(pad_to_power_of_2(x))
        rx = randomized_hadamard_transform(y, prng)
        prng = torch.Generator().manual_seed(0)
        back = inverse_randomized_hadamard_transform(rx, prng)
        v = y[0].clone()
        hadamard_transform_(v)
        return hx, rx, back, v
    return f, (torch.randn(4, 48), torch.randn(4, 64))


# ============================================================= parameterfree ==
# held-out set 13. parameterfree (Francesco Orabona's parameter-free optimizers: COCOB-Backprop and KT coin-betting), as
# in its README.
@entry("parameterfree", "README: COCOB and KT optimizers, two training steps of a small MLP each")
def parameterfree_train():
    from parameterfree import COCOB, KT
    nets = [torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1)) for _ in range(2)]
    opts = [COCOB(nets[0].parameters()), KT(nets[1].parameters(), weight_decay=1e-4)]

    def f(x, y):
        losses = []
        for net, opt in zip(nets, opts):
            for _ in range(2):
                opt.zero_grad()
                loss = torch.nn.functional.mse_loss(net(x), y)
                loss.backward()
                opt.step()
            losses.append(loss.detach())
        return torch.stack(losses)
    return f, (torch.randn(16, 8), torch.randn(16, 1))


# =============================================================== sam-pytorch ==
# held-out set 13. sam-pytorch (sharpness-aware minimization wrapper for any optimizer), as in its README.
@entry("sam-pytorch", "README: SAM(params, SGD(params), rho) step with a closure, two training steps of a small MLP")
def sam_pytorch_train():
    from sam import SAM
    net = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.Tanh(), torch.nn.Linear(16, 3))
    base = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    opt = SAM(net.parameters(), base, rho=0.05)

    def f(x, y):
        losses = []
        for _ in range(2):
            def closure():
                opt.zero_grad()
                loss = torch.nn.functional.cross_entropy(net(x), y)
                loss.backward()
                return loss
            losses.append(opt.step(closure))
        return torch.stack(losses)
    return f, (torch.randn(16, 8), torch.randint(0, 3, (16,)))


# ================================================================== einconv ==
# held-out set 13. einconv (N-dimensional convolutions, unfold and KFC / KFAC factors as einsum expressions, F. Dangel),
# as in its README.
@entry("einconv", "README: ConvNd modules for N = 1, 2, 4 (stride, padding, dilation, groups), functional convNd with padding='same', unfoldNd, backward")
def einconv_convnd():
    from einconv.functionals import convNd, unfoldNd
    from einconv.modules import ConvNd
    c1 = ConvNd(1, 4, 6, kernel_size=3, stride=2, padding=1)
    c2 = ConvNd(2, 4, 8, kernel_size=(3, 2), dilation=2, groups=2)
    c4 = ConvNd(4, 2, 3, kernel_size=2)

    def f(x1, x2, x4, w):
        y1, y2, y4 = c1(x1), c2(x2), c4(x4)
        y = convNd(x2, w, padding="same")
        u = unfoldNd(x2, kernel_size=3, stride=2)
        (y1.sum() + y2.sum() + y4.sum() + y.sum()).backward()
        return y1.detach(), y2.detach(), y4.detach(), y.detach(), u
    return f, (torch.randn(2, 4, 16), torch.randn(2, 4, 12, 12), torch.randn(1, 2, 4, 4, 4, 4), torch.randn(5, 4, 3, 3))


# ==================================================================== singd ==
# held-out set 13. singd (structured inverse-free natural gradient descent, SINGD, Lin et al. 2024), as in its README.
@entry("singd", "README: SINGD(model, structures) training steps of a small CNN + MLP with dense and diagonal / hierarchical / Toeplitz pre-conditioner structures")
def singd_train():
    from singd.optim.optimizer import SINGD
    nets = [torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3), torch.nn.ReLU(), torch.nn.Flatten(), torch.nn.Linear(4 * 6 * 6, 3))
            for _ in range(3)]
    opts = [SINGD(nets[0], lr=0.01, T=1),
            SINGD(nets[1], lr=0.01, T=1, structures=("diagonal", "hierarchical15_15")),
            SINGD(nets[2], lr=0.01, T=1, structures=("triltoeplitz", "triutoeplitz"))]

    def f(x, y):
        losses = []
        for net, opt in zip(nets, opts):
            for _ in range(2):
                opt.zero_grad()
                loss = torch.nn.functional.cross_entropy(net(x), y)
                loss.backward()
                opt.step()
            losses.append(loss.detach())
        return torch.stack(losses)
    return f, (torch.randn(8, 1, 8, 8), torch.randint(0, 3, (8,)))


# ---- held-out set 13, second batch
PACKAGES.update({
    "ranger-adabelief": {"dirs": ["ranger_adabelief"], "split": "dev"},
    "sirfshampoo": {"dirs": ["sirfshampoo"], "split": "dev"},
    "torchextractor": {"dirs": ["torchextractor"], "split": "dev"},
    "hl-gauss-pytorch": {"dirs": ["hl_gauss_pytorch"], "split": "dev"},
    "x-mlps-pytorch": {"dirs": ["x_mlps_pytorch"], "split": "dev"},
    "gradnorm-pytorch": {"dirs": ["gradnorm_pytorch"], "split": "dev"},
    "light-recurrent-unit-pytorch": {"dirs": ["light_recurrent_unit_pytorch"], "split": "dev"},
    "infini-transformer-pytorch": {"dirs": ["infini_transformer_pytorch"], "split": "dev"},
    "nwt-pytorch": {"dirs": ["nwt_pytorch"], "split": "dev"},
})


# ========================================================== ranger-adabelief ==
# held-out set 13. ranger-adabelief (Ranger optimizer = RAdam-style rectification + LookAhead + gradient centralization,
# on AdaBelief), as in its README.
@entry("ranger-adabelief", "README: RangerAdaBelief(params, lr, eps, betas) training steps of a small CNN (gradient centralization on conv and fc layers, LookAhead every k=2 steps)")
def ranger_adabelief_train():
    from ranger_adabelief import RangerAdaBelief
    net = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3), torch.nn.ReLU(), torch.nn.Flatten(), torch.nn.Linear(4 * 6 * 6, 3))
    opt = RangerAdaBelief(net.parameters(), lr=1e-3, eps=1e-12, betas=(0.9, 0.999), k=2, gc_conv_only=False)

    def f(x, y):
        for _ in range(3):
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(net(x), y)
            loss.backward()
            opt.step()
        return loss.detach()
    return f, (torch.randn(8, 1, 8, 8), torch.randint(0, 3, (8,)))


# =============================================================== sirfshampoo ==
# held-out set 13. sirfshampoo (square-root-free Shampoo: inverse-free Kronecker-factored adaptive optimizer, F. Dangel /
# W. Lin), as in its README / docs example.
@entry("sirfshampoo", "README: SIRFShampoo(model, lr) training steps of two small MLPs (dense pre-conditioners; T=1 and T=2 update intervals)")
def sirfshampoo_train():
    from sirfshampoo import SIRFShampoo
    nets = [torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3)) for _ in range(2)]
    opts = [SIRFShampoo(nets[0], lr=0.01), SIRFShampoo(nets[1], lr=0.01, T=2)]

    def f(x, y):
        losses = []
        for net, opt in zip(nets, opts):
            for _ in range(2):
                opt.zero_grad()
                loss = torch.nn.functional.cross_entropy(net(x), y)
                loss.backward()
                opt.step()
            losses.append(loss.detach())
        return torch.stack(losses)
    return f, (torch.randn(16, 8), torch.randint(0, 3, (16,)))


# ============================================================ torchextractor ==
# held-out set 13. torchextractor (intermediate feature-map extraction with forward hooks), as in its README.
@entry("torchextractor", "README: tx.Extractor(model, names) and Extractor(model, module_filter_fn=conv filter) returning (output, feature maps); list_module_names")
def torchextractor_features():
    import torchextractor as tx
    def cnn():
        return torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.ReLU(), torch.nn.Conv2d(8, 8, 3),
                                   torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(8, 4))
    by_name = tx.Extractor(cnn(), ["0", "2", "5"])
    by_filter = tx.Extractor(cnn(), module_filter_fn=lambda module, name: isinstance(module, torch.nn.Conv2d))

    def f(x):
        out1, feats1 = by_name(x)
        out2, feats2 = by_filter(x)
        return out1, out2, {k: v.shape for k, v in feats1.items()}, list(feats2.values()), tx.list_module_names(by_name.model)
    return f, (torch.randn(2, 3, 16, 16),)


# ========================================================== hl-gauss-pytorch ==
# held-out set 13. hl-gauss-pytorch (lucidrains, HL-Gauss histogram loss: regression as classification over bins with a
# Gaussian-smoothed target, as used for value functions in RL), as in its README.
@entry("hl-gauss-pytorch", "README: HLGaussLoss(min_value, max_value, num_bins, sigma, clamp_to_range) loss backward and predicted targets; HLGaussLayer(dim, hl_gauss_loss) loss and prediction, and with use_regression=True")
def hl_gauss_loss():
    from hl_gauss_pytorch import HLGaussLayer, HLGaussLoss
    hl = HLGaussLoss(min_value=0., max_value=5., num_bins=32, sigma=0.5, clamp_to_range=True)
    layer = HLGaussLayer(dim=32, hl_gauss_loss=dict(min_value=0., max_value=5., num_bins=32, sigma=0.5))
    reg = HLGaussLayer(dim=32, hl_gauss_loss=dict(min_value=0., max_value=5., num_bins=32, sigma=0.5),
                       use_regression=True)

    def f(logits, targets, embed, t2):
        logits = logits.requires_grad_()
        loss = hl(logits, targets) + layer(embed, t2) + reg(embed, t2)
        loss.backward()
        return loss.detach(), hl(logits.detach()), layer(embed), reg(embed)
    return f, (torch.randn(3, 16, 32), torch.randint(0, 5, (3, 16)).float(), torch.randn(7, 32),
               torch.randint(0, 5, (7,)).float())


# ============================================================ x-mlps-pytorch ==
# held-out set 13. x-mlps-pytorch (lucidrains, MLP variants for RL and beyond: plain / residual-normed / attention-residual
# / FiLM MLPs, feedforwards, grouped MLPs, ensembles), as in its README and module docstrings.
@entry("x-mlps-pytorch", "README: MLP actor / critic, Feedforwards, ResidualNormedMLP, GroupedMLP-free nFeedforwards and Ensemble forward passes, backward")
def x_mlps_forward():
    from x_mlps_pytorch import MLP, Feedforwards, ResidualNormedMLP, nFeedforwards
    actor = MLP(10, 16, 5)
    critic = MLP(10, 32, 16, 1)
    ff = Feedforwards(16, 2)
    rn = ResidualNormedMLP(16, depth=4, residual_every=2)
    nff = nFeedforwards(16, 2)

    def f(state, x):
        logits, values = actor(state), critic(state)
        out = ff(x) + rn(x) + nff(x)
        (logits.sum() + values.sum() + out.sum()).backward()
        return logits.detach(), values.detach(), out.detach()
    return f, (torch.randn(4, 10), torch.randn(4, 16))


# ========================================================== gradnorm-pytorch ==
# held-out set 13. gradnorm-pytorch (lucidrains, GradNorm: adaptive multi-task loss weighting by balancing gradient norms
# on a shared parameter), as in its README.
@entry("gradnorm-pytorch", "README: GradNormLossWeighter(num_losses, learning_rate, restoring_force_alpha, grad_norm_parameters).backward(losses) on MockNetworkWithMultipleLosses, Adam steps")
def gradnorm_train():
    from gradnorm_pytorch import GradNormLossWeighter, MockNetworkWithMultipleLosses
    network = MockNetworkWithMultipleLosses(dim=32, num_losses=4)
    optim = torch.optim.Adam(network.parameters(), lr=3e-4)
    weighter = GradNormLossWeighter(num_losses=4, learning_rate=1e-4, restoring_force_alpha=0.,
                                    grad_norm_parameters=network.backbone[-1].weight)

    def f(x):
        for _ in range(2):
            losses = network(x)
            weighter.backward(losses)
            optim.step()
            optim.zero_grad()
        return [t.detach() for t in losses], weighter.loss_weights.detach()
    return f, (torch.randn(2, 32),)


# ============================================== light-recurrent-unit-pytorch ==
# held-out set 13. light-recurrent-unit-pytorch (lucidrains, Light Recurrent Unit: a minimal gated RNN cell, layer and
# stacked multi-head network), as in its README.
@entry("light-recurrent-unit-pytorch", "README: LightRecurrentUnitCell step, LightRecurrentUnitLayer over a sequence, LightRecurrentUnit(depth, heads) with layer hiddens, backward")
def light_recurrent_unit_forward():
    from light_recurrent_unit_pytorch import LightRecurrentUnit, LightRecurrentUnitCell, LightRecurrentUnitLayer
    cell = LightRecurrentUnitCell(32)
    layer = LightRecurrentUnitLayer(32)
    lru = LightRecurrentUnit(32, depth=2, heads=2)

    def f(x, h, seq):
        nh = cell(x, h)
        out1 = layer(seq)
        out2, hiddens = lru(seq)
        (nh.sum() + out1.sum() + out2.sum()).backward()
        return nh.detach(), out1.detach(), out2.detach(), [t.detach() for t in hiddens]
    return f, (torch.randn(2, 32), torch.randn(2, 32), torch.randn(2, 24, 32))


# ================================================ infini-transformer-pytorch ==
# held-out set 13. infini-transformer-pytorch (lucidrains, Infini-attention: local attention plus a compressive linear
# memory carried across segments, with the delta rule), as in its README.
@entry("infini-transformer-pytorch", "README: InfiniTransformer(use_mem_delta_rule) logits over three segments passing past_memories; InfiniTransformerWrapper(segment_length, detach_mems_every_num_segments) loss with backward=True")
def infini_transformer_forward():
    from infini_transformer_pytorch import InfiniTransformer, InfiniTransformerWrapper
    model = InfiniTransformer(num_tokens=64, dim=32, depth=2, dim_head=16, heads=2, use_mem_delta_rule=True)
    wrapper = InfiniTransformerWrapper(InfiniTransformer(num_tokens=64, dim=32, depth=1, dim_head=16, heads=2),
                                       segment_length=16, detach_mems_every_num_segments=2)

    def f(x, seq):
        logits1, _, mem1 = model(x, return_new_memories=False)
        logits2, _, mem2 = model(x, past_memories=mem1, return_new_memories=False)
        logits3, _, mem3 = model(x, past_memories=mem2, return_new_memories=True)
        loss = wrapper(seq, backward=True)
        return logits3.detach(), loss
    return f, (torch.randint(0, 64, (1, 32)), torch.randint(0, 64, (1, 64)))


# =============================================================== nwt-pytorch ==
# held-out set 13. nwt-pytorch (lucidrains, NWT "Memcodes": discrete codes via multi-head attention over a learned
# codebook, from "Neural Waveform Tuning"), as in its README.
@entry("nwt-pytorch", "README: Memcodes(dim, num_codes, heads, temperature) quantized output and codes, backward; get_codes_from_indices")
def nwt_memcodes():
    from nwt_pytorch import Memcodes
    codebook = Memcodes(dim=32, num_codes=64, heads=4, temperature=1.)

    def f(x):
        out, codes = codebook(x)
        out.sum().backward()
        back = codebook.get_codes_from_indices(codes)
        return out.detach(), codes, back.detach()
    return f, (torch.randn(1, 64, 32),)


# ---- held-out set 13, third batch
PACKAGES.update({
    "MaMMUT-pytorch": {"dirs": ["mammut_pytorch"], "split": "dev"},
    "uniformer-pytorch": {"dirs": ["uniformer_pytorch"], "split": "dev"},
    "lie-transformer-pytorch": {"dirs": ["lie_transformer_pytorch"], "split": "dev"},
    "RQ-transformer": {"dirs": ["rq_transformer"], "split": "dev"},
    "metaformer-gpt": {"dirs": ["metaformer_gpt"], "split": "dev"},
    "molecule-attention-transformer": {"dirs": ["molecule_attention_transformer"], "split": "dev"},
    "rela-transformer": {"dirs": ["rela_transformer"], "split": "dev"},
    "cross-transformers-pytorch": {"dirs": ["cross_transformers_pytorch"], "split": "dev"},
})


# ============================================================ MaMMUT-pytorch ==
# held-out set 13. MaMMUT-pytorch (lucidrains, MaMMUT: one text decoder for contrastive and captioning losses over image
# tokens), as in its README.
@entry("MaMMUT-pytorch", "README: MaMMUT(dim, num_tokens, depth, cross_attend_every, image_dim, num_img_queries) contrastive + caption loss on text and precomputed image tokens, backward; caption logits")
def mammut_forward():
    from mammut_pytorch import MaMMUT
    model = MaMMUT(dim=32, num_tokens=64, depth=2, cross_attend_every=1, image_dim=24, num_img_queries=8, dim_head=16,
                   heads=2, caption_loss_weight=1., contrastive_loss_weight=1.)

    def f(text, image_tokens):
        loss = model(text=text, image_tokens=image_tokens, return_loss=True)
        loss.backward()
        logits = model(text=text, image_tokens=image_tokens)
        return loss.detach(), logits.detach()
    return f, (torch.randint(1, 64, (2, 16)), torch.randn(2, 10, 24))


# ========================================================= uniformer-pytorch ==
# held-out set 13. uniformer-pytorch (lucidrains, UniFormer: video classifier mixing local 3D-convolutional and global
# attention token affinity), as in its README.
@entry("uniformer-pytorch", "README: Uniformer(num_classes, dims, depths, mhsa_types) video classification loss backward")
def uniformer_forward():
    from uniformer_pytorch import Uniformer
    model = Uniformer(num_classes=10, dims=(16, 32, 32, 64), depths=(1, 1, 1, 1), mhsa_types=('l', 'l', 'g', 'g'),
                      dim_head=16)

    def f(video, y):
        logits = model(video)
        loss = torch.nn.functional.cross_entropy(logits, y)
        loss.backward()
        return logits.detach()
    return f, (torch.randn(1, 3, 8, 64, 64), torch.randint(0, 10, (1,)))


# =================================================== lie-transformer-pytorch ==
# held-out set 13. lie-transformer-pytorch (lucidrains, LieTransformer: SE(3)-equivariant self-attention over lifted
# point clouds), as in its README.
@entry("lie-transformer-pytorch", "README: LieTransformer(dim, depth, heads, dim_head, liftsamples) on features + coordinates with a mask, backward")
def lie_transformer_forward():
    from lie_transformer_pytorch import LieTransformer
    model = LieTransformer(dim=16, depth=1, heads=2, dim_head=8, liftsamples=2, k=64, nbhd=8)

    def f(feats, coors, mask):
        out = model(feats, coors, mask=mask)
        out.sum().backward()
        return out.detach()
    return f, (torch.randn(1, 8, 16), torch.randn(1, 8, 3), torch.ones(1, 8).bool())


# ============================================================ RQ-transformer ==
# held-out set 13. RQ-transformer (lucidrains, residual-quantization transformer: spatial and depth transformers over
# stacked codes, and the hierarchical causal transformer), as in its README.
@entry("RQ-transformer", "README: RQTransformer(num_tokens, dim, max_spatial_seq_len, depth_seq_len, spatial_layers, depth_layers) loss backward and logits; HierarchicalCausalTransformer(depth, max_seq_len tuples) loss backward")
def rq_transformer_forward():
    from rq_transformer import HierarchicalCausalTransformer, RQTransformer
    model = RQTransformer(num_tokens=64, dim=32, max_spatial_seq_len=16, depth_seq_len=4, spatial_layers=2,
                          depth_layers=1, dim_head=16, heads=2)
    hier = HierarchicalCausalTransformer(num_tokens=64, dim=32, depth=(1, 1, 1), max_seq_len=(4, 4, 2), dim_head=16,
                                         heads=2)

    def f(ids, ids2):
        loss = model(ids, return_loss=True) + hier(ids2, return_loss=True)
        loss.backward()
        logits = model(ids)
        return loss.detach(), logits.detach()
    return f, (torch.randint(0, 64, (1, 16, 4)), torch.randint(0, 64, (1, 32)))


# ============================================================ metaformer-gpt ==
# held-out set 13. metaformer-gpt (lucidrains, attention-free GPT mixing tokens with multi-headed exponential time decay),
# as in its README.
@entry("metaformer-gpt", "README: MetaformerGPT(num_tokens, dim, depth, heads, dim_head, max_seq_len) logits and next-token loss backward")
def metaformer_gpt_forward():
    from metaformer_gpt import MetaformerGPT
    model = MetaformerGPT(num_tokens=64, dim=32, depth=2, heads=4, dim_head=8, max_seq_len=64)

    def f(x):
        logits = model(x)
        loss = torch.nn.functional.cross_entropy(logits[:, :-1].transpose(1, 2), x[:, 1:])
        loss.backward()
        return logits.detach(), loss.detach()
    return f, (torch.randint(0, 64, (2, 48)),)


# ============================================ molecule-attention-transformer ==
# held-out set 13. molecule-attention-transformer (lucidrains, MAT: self-attention augmented by adjacency and inter-atomic
# distance matrices), as in its README.
@entry("molecule-attention-transformer", "README: MAT(dim_in, model_dim, dim_out, depth, Lg, Ld, La, dist_kernel_fn) with mask, adjacency and distance matrices ('exp' and 'softmax' kernels), backward")
def molecule_attention_forward():
    from molecule_attention_transformer import MAT
    mats = [MAT(dim_in=16, model_dim=32, dim_out=1, depth=2, heads=2, Lg=0.5, Ld=0.5, La=1, dist_kernel_fn=k)
            for k in ("exp", "softmax")]

    def f(atoms, mask, adj, dist):
        outs = [m(atoms, mask=mask, adjacency_mat=adj, distance_mat=dist) for m in mats]
        sum(o.sum() for o in outs).backward()
        return [o.detach() for o in outs]
    adj = torch.empty(2, 12, 12).random_(2).bool()
    return f, (torch.randn(2, 12, 16), torch.ones(2, 12).bool(), adj, torch.randn(2, 12, 12).abs())


# ========================================================== rela-transformer ==
# held-out set 13. rela-transformer (lucidrains, ReLA: rectified linear attention with gated RMS normalization), as in its
# README.
@entry("rela-transformer", "README: ReLATransformer(num_tokens, dim, depth, max_seq_len, causal) logits with a mask, and a non-causal one with memory key / values (unmasked: the mask does not cover the memory), backward")
def rela_transformer_forward():
    from rela_transformer import ReLATransformer
    model = ReLATransformer(num_tokens=64, dim=32, depth=2, max_seq_len=64, causal=True, heads=2, dim_head=16)
    enc = ReLATransformer(num_tokens=64, dim=32, depth=1, max_seq_len=64, causal=False, heads=2, dim_head=16,
                          num_memory_kv=2)

    def f(x, mask):
        logits = model(x, mask=mask) + enc(x)
        logits.sum().backward()
        return logits.detach()
    mask = torch.ones(1, 48).bool()
    mask[:, 40:] = False
    return f, (torch.randint(0, 64, (1, 48)), mask)


# ================================================ cross-transformers-pytorch ==
# held-out set 13. cross-transformers-pytorch (lucidrains, CrossTransformers: few-shot classification by attending from
# query feature maps to support-set feature maps), as in its README.
@entry("cross-transformers-pytorch", "README: CrossTransformer(dim, dim_key, dim_value)(model, img_query, img_supports) distances over classes, cross-entropy backward")
def cross_transformer_forward():
    from cross_transformers_pytorch import CrossTransformer
    backbone = torch.nn.Sequential(torch.nn.Conv2d(3, 32, 3, stride=2, padding=1), torch.nn.ReLU(),
                                   torch.nn.Conv2d(32, 32, 3, stride=2, padding=1))
    cross = CrossTransformer(dim=32, dim_key=16, dim_value=16)

    def f(query, supports, labels):
        dists = cross(backbone, query, supports)
        loss = torch.nn.functional.cross_entropy(-dists, labels)
        loss.backward()
        return dists.detach()
    return f, (torch.randn(2, 3, 16, 16), torch.randn(2, 3, 2, 3, 16, 16), torch.randint(0, 3, (2,)))


# ---- held-out set 13, fourth batch
PACKAGES.update({
    "torch-affine-utils": {"dirs": ["torch_affine_utils"], "split": "dev"},
    "torch-transform-image": {"dirs": ["torch_transform_image"], "split": "dev"},
    "torch-cryoeraser": {"dirs": ["torch_cryoeraser"], "split": "dev"},
    "torch-fourier-shell-correlation": {"dirs": ["torch_fourier_shell_correlation"], "split": "dev"},
    "multidim-indexing": {"dirs": ["multidim_indexing"], "split": "dev"},
    "dynamic-network-architectures": {"dirs": ["dynamic_network_architectures"], "split": "dev"},
})


# ======================================================== torch-affine-utils ==
# held-out set 13. torch-affine-utils (teamtomo, 2D / 3D homogeneous rotation, translation and scaling matrices), as in
# its README.
@entry("torch-affine-utils", "README: transforms_2d R / T / S chained and applied to homogenised coordinates; transforms_3d Rx / Ry / Rz / T / S chained for a batch of angles, backward to the angles")
def torch_affine_utils_transforms():
    from torch_affine_utils import homogenise_coordinates
    from torch_affine_utils import transforms_2d as t2
    from torch_affine_utils import transforms_3d as t3

    def f(angles, shifts2, coords2, shifts3, coords3):
        angles = angles.requires_grad_()
        m2 = t2.T(shifts2) @ t2.R(angles, yx=True) @ t2.S(torch.tensor([[2.0, 3.0]]))
        out2 = m2 @ homogenise_coordinates(coords2).unsqueeze(-1)
        m3 = t3.T(shifts3) @ t3.Rz(angles) @ t3.Ry(angles) @ t3.Rx(angles) @ t3.S(torch.tensor([[2.0, 2.0, 2.0]]))
        out3 = m3 @ homogenise_coordinates(coords3).unsqueeze(-1)
        (out2.sum() + out3.sum()).backward()
        return out2.detach(), out3.detach(), angles.grad
    return f, (torch.tensor([30.0, 45.0, 60.0]), torch.randn(3, 2), torch.randn(3, 2), torch.randn(3, 3), torch.randn(3, 3))


# ===================================================== torch-transform-image ==
# held-out set 13. torch-transform-image (teamtomo, real-space affine transforms of 2D / 3D images by resampling), as in its
# README.
@entry("torch-transform-image", "README: affine_transform_image_2d with a translation and a composed rotation about the centre (bilinear / bicubic, yx matrices), rotate_then_shift_image_2d; affine_transform_image_3d and shift_then_rotate_image_3d")
def torch_transform_image_affine():
    from torch_affine_utils.transforms_2d import R, T
    from torch_affine_utils.transforms_3d import Rz
    from torch_affine_utils.transforms_3d import T as T3
    from torch_transform_image import (affine_transform_image_2d, affine_transform_image_3d, rotate_then_shift_image_2d,
                                       shift_then_rotate_image_3d)

    def f(image, volume):
        shifted = affine_transform_image_2d(image=image, matrices=T([4, 0]), interpolation='bilinear', yx_matrices=True)
        transform = T([14, 14]) @ R(45, yx=True) @ T([-14, -14])
        rotated = affine_transform_image_2d(image=image, matrices=transform, interpolation='bicubic', yx_matrices=True)
        rs = rotate_then_shift_image_2d(image=image, rotate=30.0, shift_yx=(1.5, -2.0))
        vol = affine_transform_image_3d(image=volume, matrices=T3([5, 0, 0]) @ Rz(20.0), interpolation='trilinear',
                                        zyx_matrices=True)
        vs = shift_then_rotate_image_3d(image=volume, shift_zyx=(1.0, 0.0, 2.0), rotate_zyx=(10.0, 20.0, 30.0))
        return shifted, rotated, rs, vol, vs
    return f, (torch.rand(28, 28), torch.rand(16, 16, 16))


# ========================================================== torch-cryoeraser ==
# held-out set 13. torch-cryoeraser (teamtomo, inpainting masked regions of cryo-EM images with noise matching the local
# mean and std), as in its README.
@entry("torch-cryoeraser", "README: erase_region_2d(image, mask) on a single image and on a batch, with a coarse background model")
def torch_cryoeraser_erase():
    from torch_cryoeraser import erase_region_2d

    def f(image, batch, mask, bmask):
        one = erase_region_2d(image=image, mask=mask, background_intensity_model_samples=500)
        many = erase_region_2d(image=batch, mask=bmask, background_intensity_model_resolution=(3, 3),
                               background_intensity_model_samples=500)
        return one, many
    mask = torch.zeros(48, 48)
    mask[10:20, 12:30] = 1
    return f, (torch.randn(48, 48), torch.randn(2, 48, 48), mask, mask.expand(2, 48, 48).clone())


# =========================================== torch-fourier-shell-correlation ==
# held-out set 13. torch-fourier-shell-correlation (teamtomo, Fourier ring / shell correlation of 2D / 3D images for
# resolution estimation), as in its README.
@entry("torch-fourier-shell-correlation", "README: fourier_ring_correlation of square and rectangular 2D images (batched), fourier_shell_correlation of 3D volumes, deprecated fsc, fourier_correlation on rfft data")
def torch_fsc():
    from torch_fourier_shell_correlation import fourier_correlation, fourier_ring_correlation, fourier_shell_correlation

    def f(a, b, r1, r2, v1, v2):
        frc = fourier_ring_correlation(a, b)
        frc_rect = fourier_ring_correlation(r1, r2)
        fsc3 = fourier_shell_correlation(v1, v2)
        fc = fourier_correlation(torch.fft.rfftn(a[0]), torch.fft.rfftn(b[0]), image_shape=(32, 32))
        return frc, frc_rect, fsc3, fc
    a = torch.randn(2, 32, 32)
    v = torch.randn(16, 16, 16)
    return f, (a, a + 0.5 * torch.randn(2, 32, 32), torch.randn(24, 32), torch.randn(24, 32), v,
               v + 0.5 * torch.randn(16, 16, 16))


# ========================================================= multidim-indexing ==
# held-out set 13. multidim-indexing (UM-ARM-Lab, batched multidimensional indexing of grids by integer keys or by values
# in given value ranges, nearest or linear interpolation, out-of-bounds values), as in its README.
@entry("multidim-indexing", "README: TorchMultidimView raw keys; batched 2D grid view with value_ranges and invalid_value; 3D view with nearest and linear interpolation; assignment through a view")
def multidim_indexing_views():
    from multidim_indexing import torch_view as view
    B = 4
    shape = (B, 16, 16)
    data = torch.arange(0, B * 16 * 16).reshape(shape).float()
    data_multi = view.TorchMultidimView(data)
    data_batch = view.TorchMultidimView(data, value_ranges=[[0, B], [-5, 5], [0, 10]], invalid_value=-1)
    data_3d = view.TorchMultidimView(data, value_ranges=[[-2.5, 5], [0, 4], [0, 10]])
    data_lin = view.TorchMultidimView(data.clone(), value_ranges=[[-2.5, 5], [0, 4], [0, 10]], method='linear')

    def f(key, per_batch, key3):
        n = per_batch.shape[0]
        batch_key = torch.cat((torch.arange(B, dtype=per_batch.dtype).reshape(B, 1, 1).repeat(1, n, 1),
                               per_batch.repeat(B, 1, 1)), dim=-1)
        out = (data_multi[key], data_batch[batch_key], data_3d[key3], data_lin[key3])
        data_lin[key3] = torch.zeros(key3.shape[0])
        return out
    key = torch.tensor([[0, 5, 3], [2, 7, 5], [3, 6, 4], [1, 2, 1]], dtype=torch.long)
    per_batch = torch.tensor([[-3.5, 0.2], [-4, 0.1], [-7, 0.5], [3, 2]])
    key3 = torch.tensor([[-2.5, 0., 0.], [-2.51, 0.5, 0], [5, 4, 10], [1.0, 2.2, 3.3]])
    return f, (key, per_batch, key3)


# ============================================= dynamic-network-architectures ==
# held-out set 13. dynamic-network-architectures (MIC-DKFZ, the configurable U-Nets and residual encoders of nnU-Net), as
# in its README / nnU-Net's plans (PlainConvUNet and ResidualEncoderUNet built from per-stage lists).
@entry("dynamic-network-architectures", "README: PlainConvUNet (2D, deep supervision, instance norm, LeakyReLU) and ResidualEncoderUNet (3D) segmentation losses backward; compute_conv_feature_map_size")
def dynamic_network_unets():
    from dynamic_network_architectures.architectures.unet import PlainConvUNet, ResidualEncoderUNet
    common = dict(conv_bias=True, norm_op_kwargs={"eps": 1e-5, "affine": True}, nonlin=torch.nn.LeakyReLU,
                  nonlin_kwargs={"inplace": True})
    unet2d = PlainConvUNet(1, 3, (8, 16, 32), torch.nn.Conv2d, 3, (1, 2, 2), (2, 2, 2), 3, (2, 2),
                           norm_op=torch.nn.InstanceNorm2d, deep_supervision=True, **common)
    unet3d = ResidualEncoderUNet(1, 3, (4, 8, 16), torch.nn.Conv3d, 3, (1, 2, 2), (1, 1, 1), 2, (1, 1),
                                 norm_op=torch.nn.InstanceNorm3d, **common)

    def f(x2, y2, x3, y3):
        outs = unet2d(x2)
        loss = sum(torch.nn.functional.cross_entropy(o, torch.nn.functional.interpolate(y2[:, None].float(), o.shape[2:])[:, 0].long())
                   for o in outs)
        loss = loss + torch.nn.functional.cross_entropy(unet3d(x3), y3)
        loss.backward()
        return loss.detach(), unet2d.compute_conv_feature_map_size((32, 32))
    return f, (torch.randn(2, 1, 32, 32), torch.randint(0, 3, (2, 32, 32)), torch.randn(1, 1, 16, 16, 16),
               torch.randint(0, 2, (1, 16, 16, 16)))


# ---- held-out set 13, fifth batch
PACKAGES.update({
    "sk2torch": {"dirs": ["sk2torch"], "split": "dev"},
    "frame-averaging-pytorch": {"dirs": ["frame_averaging_pytorch"], "split": "dev"},
    "PoPE-pytorch": {"dirs": ["PoPE_pytorch"], "split": "dev"},
})


# ================================================================== sk2torch ==
# held-out set 13. sk2torch (converts fitted scikit-learn estimators into PyTorch modules), as in its README
# (`sk2torch.wrap(sk_model)`, then predict / predict_proba / decision_function on tensors). Models are fitted on a tiny
# random data set in the builder (scikit-learn is there as a dependency of benchmarked packages).
@entry("sk2torch", "README: wrap SVC(probability=True), DecisionTreeClassifier: predict, predict_proba, decision_function; Pipeline(StandardScaler, PCA, SGDClassifier): predict, decision_function (GradientBoostingClassifier and LogisticRegression: their wrappers fail with scikit-learn 1.9)")
def sk2torch_classifiers():
    import numpy as np
    from sklearn.decomposition import PCA
    from sklearn.linear_model import SGDClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.svm import SVC
    from sklearn.tree import DecisionTreeClassifier
    from sk2torch import wrap
    rng = np.random.RandomState(0)
    x = rng.randn(60, 4)
    y = (x[:, 0] + x[:, 1] ** 2 > 0.5).astype(int) + (x[:, 2] > 1).astype(int)
    svc, tree = wrap(SVC(probability=True).fit(x, y)), wrap(DecisionTreeClassifier(max_depth=3).fit(x, y))
    pipe = wrap(Pipeline([("scale", StandardScaler()), ("pca", PCA(n_components=3)),
                          ("sgd", SGDClassifier(random_state=0))]).fit(x, y))

    def f(t):
        return (svc.predict(t), svc.predict_proba(t), svc.decision_function(t), tree.predict(t), tree.predict_proba(t),
                pipe.predict(t), pipe.decision_function(t))
    return f, (torch.from_numpy(rng.randn(16, 4)),)


@entry("sk2torch", "README: wrap SVR, SGDClassifier on Nystroem features (Pipeline), MLPClassifier and TransformedTargetRegressor(LinearRegression, MinMaxScaler) predictions on tensors; backward to the inputs")
def sk2torch_regressors():
    import numpy as np
    from sklearn.compose import TransformedTargetRegressor
    from sklearn.kernel_approximation import Nystroem
    from sklearn.linear_model import LinearRegression, SGDClassifier
    from sklearn.neural_network import MLPClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import MinMaxScaler
    from sklearn.svm import SVR
    from sk2torch import wrap
    rng = np.random.RandomState(0)
    x = rng.randn(60, 4)
    yr = x[:, 0] - 2 * x[:, 1] + 0.1 * rng.randn(60)
    yc = (x[:, 0] > 0).astype(int)
    svr = wrap(SVR().fit(x, yr))
    nys = wrap(Pipeline([("nys", Nystroem(n_components=10, random_state=0)), ("sgd", SGDClassifier(random_state=0))]).fit(x, yc))
    mlp = wrap(MLPClassifier(hidden_layer_sizes=(8,), max_iter=50, random_state=0).fit(x, yc))
    ttr = wrap(TransformedTargetRegressor(regressor=LinearRegression(), transformer=MinMaxScaler()).fit(x, yr))

    def f(t):
        t = t.requires_grad_()
        r = svr.predict(t) + ttr.predict(t)
        r.sum().backward()
        return r.detach(), nys.predict(t.detach()), nys.decision_function(t.detach()), mlp.predict_proba(t.detach()), t.grad
    return f, (torch.from_numpy(rng.randn(16, 4)),)


# =================================================== frame-averaging-pytorch ==
# held-out set 13. frame-averaging-pytorch (lucidrains, frame averaging: making any network E(n)-equivariant by averaging
# over PCA frames, and the stochastic FAENet variant), as in its README.
@entry("frame-averaging-pytorch", "README: FrameAverage(net, dim=3) wrapping a network (full and stochastic) with a mask; FrameAverage() returning framed inputs and the averaging function; backward")
def frame_averaging_forward():
    from frame_averaging_pytorch import FrameAverage
    full = FrameAverage(torch.nn.Linear(3, 3), dim=3)
    stochastic = FrameAverage(torch.nn.Linear(3, 3), dim=3, stochastic=True)
    fa = FrameAverage()
    net = torch.nn.Linear(3, 3)

    def f(points, mask):
        out1 = full(points, frame_average_mask=mask)
        out2 = stochastic(points, frame_average_mask=mask)
        framed, average = fa(points, frame_average_mask=mask)
        out3 = average(net(framed))
        (out1.sum() + out2.sum() + out3.sum()).backward()
        return out1.detach(), out2.detach(), out3.detach()
    mask = torch.ones(2, 64).bool()
    mask[1, 40:] = False
    return f, (torch.randn(2, 64, 3), mask)


# ============================================================== PoPE-pytorch ==
# held-out set 13. PoPE-pytorch (lucidrains, PoPE: polar-coordinate position embeddings for attention, 1D and axial), as in
# its README.
@entry("PoPE-pytorch", "README: PoPE(dim, heads) rotations applied to queries / keys for training and for a last-token inference step; AxialPoPE(dim, heads, axial_dims) for a video grid; attention backward")
def pope_forward():
    from PoPE_pytorch import AxialPoPE, PoPE
    pope = PoPE(32, heads=2)
    axial = AxialPoPE(dim=48, heads=2, axial_dims=(16, 16, 16))

    def f(q, k, qv, kv):
        q, k = q.requires_grad_(), k.requires_grad_()
        pos = pope(64)
        rq, rk = pope.apply_pope_to_qk(pos, q, k)
        iq, ik = pope.apply_pope_to_qk(pos, q[..., -1:, :], k)
        pos_v = axial((2, 4, 4))
        vq, vk = AxialPoPE.apply_pope_to_qk(pos_v, qv, kv)
        attn = (rq @ rk.transpose(-1, -2)).softmax(-1)
        (attn.sum() + (iq @ ik.transpose(-1, -2)).sum()).backward()
        return attn.detach(), vq, vk, q.grad
    return f, (torch.randn(1, 2, 64, 32), torch.randn(1, 2, 64, 32), torch.randn(1, 2, 32, 48), torch.randn(1, 2, 32, 48))


# ---- held-out set 13, sixth batch
PACKAGES.update({
    "torch-pso": {"dirs": ["torch_pso"], "split": "dev"},
    "adamod": {"dirs": ["adamod"], "split": "dev"},
    "calflops": {"dirs": ["calflops"], "split": "dev"},
})


# ================================================================= torch-pso ==
# held-out set 13, sixth batch. torch-pso (particle swarm and sine-cosine optimizers behind the torch.optim API), as in
# its README (`ParticleSwarmOptimizer(net.parameters(), ...)`, `optim.step(closure)`), with the package's other swarm
# variants.
@entry("torch-pso", "README: ParticleSwarmOptimizer.step(closure); AcceleratedPSO, SineCosineAlgorithm, ChaoticPSO, GenerationalPSO, RingTopologyPSO, AutotuningPSO steps on small MLPs")
def torch_pso_steps():
    from torch_pso import (AcceleratedPSO, AutotuningPSO, ChaoticPSO, GenerationalPSO, ParticleSwarmOptimizer,
                           RingTopologyPSO, SineCosineAlgorithm)
    nets = [torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Linear(8, 2)) for _ in range(7)]
    opts = [ParticleSwarmOptimizer(nets[0].parameters(), inertial_weight=0.5, num_particles=4, max_param_value=1,
                                   min_param_value=-1),
            AcceleratedPSO(nets[1].parameters(), num_particles=4),
            SineCosineAlgorithm(nets[2].parameters(), num_particles=4),
            ChaoticPSO(nets[3].parameters(), num_particles=4),
            GenerationalPSO(nets[4].parameters(), num_particles=4),
            RingTopologyPSO(nets[5].parameters(), num_particles=4),
            AutotuningPSO(nets[6].parameters(), num_particles=4)]
    crit = torch.nn.MSELoss()

    def f(x, target):
        losses = []
        for net, opt in zip(nets, opts):
            def closure():
                opt.zero_grad()
                return crit(net(x), target)
            losses.append(opt.step(closure))
        return losses
    return f, (torch.rand(6, 4), torch.rand(6, 2).round())


# ==================================================================== adamod ==
# held-out set 13, sixth batch. adamod (AdaMod: Adam with adaptive momental upper bounds on the learning rates), as in
# its README (`adamod.AdaMod(model.parameters(), lr=1e-3, beta3=0.999)`).
@entry("adamod", "README: AdaMod training step with weight decay")
def adamod_steps():
    import adamod
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4))
    opt = adamod.AdaMod(model.parameters(), lr=1e-3, beta3=0.999, weight_decay=1e-4)

    def f(x, y):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.randn(16, 8), torch.randn(16, 4))


# ================================================================== calflops ==
# held-out set 13, sixth batch. calflops (FLOPs / MACs / parameter counting with module hooks and patched functionals), as
# in its README (`calculate_flops(model=..., input_shape=..., output_as_string=True, output_precision=4)`).
@entry("calflops", "README: calculate_flops on a small CNN with input_shape, as strings, and as numbers with print_results / print_detailed")
def calflops_cnn():
    from calflops import calculate_flops
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.BatchNorm2d(8), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
                                torch.nn.Flatten(), torch.nn.Linear(8 * 7 * 7, 10))

    def f():
        return (calculate_flops(model=model, input_shape=(1, 3, 16, 16), output_as_string=True, output_precision=4,
                                print_results=False),
                calculate_flops(model=model, input_shape=(2, 3, 16, 16), output_as_string=False, print_results=True,
                                print_detailed=True))
    return f, ()


# ---- held-out set 14 (chosen 2026-11-21 by a helper blind to graphlint), first batch
PACKAGES.update({
    "torchebm": {"dirs": ["torchebm"], "split": "dev"},
    "CGDs": {"dirs": ["CGDs"], "split": "dev"},
    "glasflow": {"dirs": ["glasflow"], "split": "dev"},
    "tez": {"dirs": ["tez"], "split": "dev"},
    "hessian-eigenthings": {"dirs": ["hessian_eigenthings"], "split": "dev"},
})


# ================================================================== torchebm ==
# held-out set 14. torchebm (energy-based models: MCMC samplers, contrastive divergence and score-matching losses), as in
# its README (`LangevinDynamics(model, step_size, noise_scale).sample(x=..., n_steps=...)`, losses with a sampler).
@entry("torchebm", "README: LangevinDynamics and HamiltonianMonteCarlo sampling from GaussianModel / DoubleWellModel; NesterovSampler")
def torchebm_samplers():
    from torchebm.core import DoubleWellModel, GaussianModel
    from torchebm.samplers import HamiltonianMonteCarlo, LangevinDynamics, NesterovSampler
    gauss = GaussianModel(mean=torch.zeros(2), cov=torch.eye(2))
    well = DoubleWellModel()
    langevin = LangevinDynamics(gauss, step_size=0.01, noise_scale=0.1)
    hmc = HamiltonianMonteCarlo(well, step_size=0.05, n_leapfrog_steps=3)
    nest = NesterovSampler(gauss, step_size=0.01, momentum=0.9)

    def f(x):
        return (langevin.sample(x=x, n_steps=5), hmc.sample(x=x, n_steps=3),
                nest.sample(n_samples=8, dim=2, n_steps=5))
    return f, (torch.randn(16, 2),)


@entry("torchebm", "README: ContrastiveDivergence (Langevin sampler) and DenoisingScoreMatching / SlicedScoreMatching losses of a small MLP energy, Adam steps")
def torchebm_losses():
    from torchebm.core import BaseModel
    from torchebm.losses import ContrastiveDivergence, DenoisingScoreMatching, SlicedScoreMatching
    from torchebm.samplers import LangevinDynamics

    class MLPEnergy(BaseModel):
        def __init__(self):
            super().__init__()
            self.net = torch.nn.Sequential(torch.nn.Linear(2, 16), torch.nn.SiLU(), torch.nn.Linear(16, 1))

        def forward(self, x):
            return self.net(x).squeeze(-1)
    model = MLPEnergy()
    cd = ContrastiveDivergence(model, LangevinDynamics(model, step_size=0.01, noise_scale=0.1), k_steps=3)
    dsm = DenoisingScoreMatching(model, noise_scale=0.1)
    ssm = SlicedScoreMatching(model, n_projections=2)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def f(x):
        out = []
        for loss_fn in (cd, dsm, ssm):
            opt.zero_grad()
            loss = loss_fn(x)
            loss = loss[0] if isinstance(loss, tuple) else loss
            loss.backward()
            opt.step()
            out.append(loss.detach())
        return out
    return f, (torch.randn(32, 2),)


# ====================================================================== CGDs ==
# held-out set 14. CGDs (competitive gradient descent for two-player games: BCGD, ACGD with a conjugate-gradient inner
# solve, GMRES-based GACGD), as in its README (`optimizer.step(loss=loss)` on a generator / discriminator pair).
@entry("CGDs", "README: BCGD and ACGD steps on a tiny GAN (generator max / discriminator min), conjugate-gradient inner solves")
def cgds_steps():
    import CGDs
    gens = [torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2)) for _ in range(2)]
    discs = [torch.nn.Sequential(torch.nn.Linear(2, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1)) for _ in range(2)]
    opts = [CGDs.BCGD(max_params=gens[0].parameters(), min_params=discs[0].parameters(), lr_max=1e-2, lr_min=1e-2),
            CGDs.ACGD(max_params=gens[1].parameters(), min_params=discs[1].parameters(), lr_max=1e-2, lr_min=1e-2)]

    def f(real, z):
        out = []
        for g, d, opt in zip(gens, discs, opts):
            opt.zero_grad()
            loss = torch.nn.functional.softplus(-d(real)).mean() + torch.nn.functional.softplus(d(g(z))).mean()
            opt.step(loss)
            out.append(loss.detach())
        return out
    return f, (torch.randn(16, 2), torch.randn(16, 4))


# ================================================================== glasflow ==
# held-out set 14. glasflow (normalizing flows for gravitational-wave inference, built on a vendored nflows), as in its
# README (`RealNVP(n_inputs, n_transforms, n_neurons)`, `log_prob`, `sample`, `sample_and_log_prob`).
@entry("glasflow", "README: RealNVP (batch norm within blocks) and CouplingNSF log_prob backward, sample, sample_and_log_prob; conditional MaskedAffineAutoregressiveFlow")
def glasflow_flows():
    from glasflow.flows import CouplingNSF, MaskedAffineAutoregressiveFlow, RealNVP
    realnvp = RealNVP(n_inputs=2, n_transforms=2, n_neurons=16, batch_norm_within_blocks=True)
    nsf = CouplingNSF(n_inputs=2, n_transforms=2, n_neurons=16)
    maf = MaskedAffineAutoregressiveFlow(n_inputs=2, n_transforms=2, n_neurons=16, n_conditional_inputs=1)

    def f(x, c):
        lp = realnvp.log_prob(x) + nsf.log_prob(x) + maf.log_prob(x, conditional=c)
        (-lp.mean()).backward()
        s, slp = nsf.sample_and_log_prob(4)
        return lp.detach(), realnvp.sample(4).detach(), s.detach(), slp.detach()
    return f, (torch.randn(16, 2), torch.randn(16, 1))


# ======================================================================= tez ==
# held-out set 14. tez (a small trainer on accelerate: Tez(model).fit(dataset, config=TezConfig(...)), the model's
# forward returning output, loss and metrics, `optimizer_scheduler`), as in its README / examples.
@entry("tez", "README: Tez(model).fit(train_dataset, valid_dataset, config=TezConfig(device='cpu', epochs=1)) with monitored metrics, then predict")
def tez_fit():
    from tez import Tez, TezConfig

    class DS(torch.utils.data.Dataset):
        def __init__(self, n):
            g = torch.Generator().manual_seed(n)
            self.x, self.y = torch.randn(n, 6, generator=g), torch.randint(0, 2, (n,), generator=g)

        def __len__(self):
            return len(self.y)

        def __getitem__(self, i):
            return {"x": self.x[i], "targets": self.y[i]}

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = torch.nn.Linear(6, 2)

        def optimizer_scheduler(self):
            return torch.optim.Adam(self.parameters(), lr=1e-3), None

        def forward(self, x, targets=None):
            out = self.lin(x)
            loss = torch.nn.functional.cross_entropy(out, targets) if targets is not None else None
            acc = (out.argmax(1) == targets).float().mean() if targets is not None else torch.tensor(0.)
            return out, loss, {"accuracy": acc}
    net = Net()
    model = Tez(net)
    config = TezConfig(device="cpu", epochs=1, training_batch_size=8, validation_batch_size=8, num_jobs=0,
                       pin_memory=False, step_scheduler_after="epoch")

    def f(train, valid):
        model.fit(train, valid, config=config)
        return list(model.predict(valid))
    return f, (DS(24), DS(16))


# ======================================================= hessian-eigenthings ==
# held-out set 14. hessian-eigenthings (iterative eigendecomposition of Hessian / GGN / Fisher operators of a model:
# Lanczos, power iteration, Hutch++ trace, spectral density), as in its README.
@entry("hessian-eigenthings", "README: HessianOperator of an MLP over mini-batches: lanczos top-k, deflated power iteration, Hutch++ trace, spectral_density")
def hessian_eigenthings_runs():
    from hessian_eigenthings import (HessianOperator, deflated_power_iteration, lanczos, spectral_density,
                                     supervised_loss, trace)
    model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1)).to(torch.float64)

    def f(x, y):
        data = [(x[i:i + 8], y[i:i + 8]) for i in range(0, 16, 8)]
        H = HessianOperator(model, data, supervised_loss(torch.nn.functional.mse_loss))
        eig = lanczos(H, k=2, seed=0)
        pw = deflated_power_iteration(H, k=2, seed=0)
        t = trace(H, num_matvecs=9, seed=0)
        dens = spectral_density(H, num_runs=2, lanczos_steps=6, seed=0)
        return eig, pw, t, dens
    return f, (torch.randn(16, 5, dtype=torch.float64), torch.randn(16, 1, dtype=torch.float64))


# ---- held-out set 14, second batch (chosen 2026-11-21 by another helper blind to graphlint)
PACKAGES.update({
    "TorchCRF": {"dirs": ["TorchCRF"], "split": "dev"},
    "resize-right": {"dirs": ["resize_right"], "split": "dev"},
    "torchinfo": {"dirs": ["torchinfo"], "split": "dev"},
    "ncg-optimizer": {"dirs": ["ncg_optimizer"], "split": "dev"},
    "SaLSa-Optimizer": {"dirs": ["salsa"], "split": "dev"},
    "adan-pytorch": {"dirs": ["adan_pytorch"], "split": "dev"},
})


# ================================================================== TorchCRF ==
# held-out set 14, second batch. TorchCRF (a linear-chain CRF layer: log-likelihood forward and Viterbi decoding with a
# padding mask), as in its README (`CRF(num_labels)`, `crf.forward(hidden, labels, mask)`, `crf.viterbi_decode(hidden, mask)`).
@entry("TorchCRF", "README: CRF(num_labels) log-likelihood forward with a padding mask, backward, viterbi_decode")
def torchcrf_crf():
    from TorchCRF import CRF
    crf = CRF(5, use_gpu=False)

    def f(h, labels, mask):
        ll = crf(h, labels, mask)
        (-ll.mean()).backward()
        return ll.detach(), crf.viterbi_decode(h, mask)
    mask = torch.ones(3, 6, dtype=torch.bool)
    mask[1, 4:] = False
    mask[2, 2:] = False
    return f, (torch.randn(3, 6, 5), torch.randint(0, 5, (3, 6)), mask)


# ============================================================== resize-right ==
# held-out set 14, second batch. resize-right (antialiased resizing of numpy arrays / torch tensors by scale factors or
# output shapes, with cubic / linear / lanczos kernels), as in its README (`resize(input, scale_factors=..., out_shape=...)`).
@entry("resize-right", "README: resize of an image batch by scale factors (antialiased cubic downscale) and to an out_shape (linear upscale, lanczos2)")
def resize_right_resize():
    from resize_right import interp_methods, resize

    def f(x):
        return (resize(x, scale_factors=0.5),
                resize(x, out_shape=(2, 3, 24, 20), interp_method=interp_methods.linear),
                resize(x, scale_factors=[1, 1, 0.75, 0.75], interp_method=interp_methods.lanczos2, antialiasing=False))
    return f, (torch.rand(2, 3, 16, 16),)


# ================================================================= torchinfo ==
# held-out set 14, second batch. torchinfo (model summaries: per-layer output shapes, parameter counts and mult-adds
# collected with forward hooks), as in its README (`summary(model, input_size=..., input_data=..., col_names=...)`).
@entry("torchinfo", "README: summary(model, input_data=...) of a small conv + LSTM model with output sizes, params and mult-adds, rendered to a string")
def torchinfo_summary():
    from torchinfo import summary

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3, padding=1), torch.nn.BatchNorm2d(4), torch.nn.ReLU())
            self.lstm = torch.nn.LSTM(4 * 8, 16, batch_first=True)
            self.head = torch.nn.Linear(16, 3)

        def forward(self, x):
            h = self.conv(x)
            h = h.permute(0, 3, 1, 2).flatten(2)
            out, _ = self.lstm(h)
            return self.head(out[:, -1])
    model = Net()

    def f(x):
        stats = summary(model, input_data=x, col_names=("output_size", "num_params", "mult_adds"), verbose=0)
        return str(stats), stats.total_params, stats.total_mult_adds
    return f, (torch.randn(2, 1, 8, 8),)



# ============================================================= ncg-optimizer ==
# held-out set 14, second batch. ncg-optimizer (nonlinear conjugate gradient optimizers: FR / PRP / HS / ... directions
# with Armijo / Wolfe line searches, and linear CG), as in its README (`optim.BASIC(params, method='PRP',
# line_search='Armijo', ...)`, `optimizer.step(closure)`).
@entry("ncg-optimizer", "README: BASIC steps (PRP and FR directions, Armijo line search) with closures on small regression MLPs")
def ncg_optimizer_steps():
    import ncg_optimizer as optim
    models = [torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1)) for _ in range(2)]
    opts = [optim.BASIC(models[0].parameters(), eps=1e-3, method="PRP", line_search="Armijo", c1=1e-4, c2=0.4, lr=1,
                        rho=0.5, max_ls=10),
            optim.BASIC(models[1].parameters(), eps=1e-3, method="FR", line_search="Armijo", c1=1e-4, c2=0.4, lr=0.5,
                        max_ls=10)]

    def f(x, y):
        out = []
        for m, opt in zip(models, opts):
            def closure():
                opt.zero_grad()
                loss = torch.nn.functional.mse_loss(m(x), y)
                loss.backward()
                return loss
            for _ in range(2):
                out.append(opt.step(closure))
        return out
    return f, (torch.randn(16, 4), torch.randn(16, 1))


# =========================================================== SaLSa-Optimizer ==
# held-out set 14, second batch. SaLSa-Optimizer (SaLSA: a stochastic Armijo line search on top of Adam, no learning rate;
# AdamSLS for comparison), as in its README (`SaLSA(model.parameters())`, `optimizer.step(closure=closure)` with a
# `closure(backwards=False)`).
@entry("SaLSa-Optimizer", "README: SaLSA and AdamSLS steps with a closure(backwards=...) on a small classifier")
def salsa_steps():
    from salsa.adam_sls import AdamSLS
    from salsa.SaLSA import SaLSA
    models = [torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3)) for _ in range(2)]
    opts = [SaLSA(models[0].parameters()), AdamSLS([list(models[1].parameters())], n_batches_per_epoch=4)]

    def f(x, y):
        out = []
        for m, opt in zip(models, opts):
            def closure(backwards=False):
                loss = torch.nn.functional.cross_entropy(m(x), y)
                if backwards:
                    loss.backward()
                return loss
            for _ in range(2):
                opt.zero_grad()
                out.append(opt.step(closure=closure))
        return out
    return f, (torch.randn(16, 6), torch.randint(0, 3, (16,)))


# ============================================================== adan-pytorch ==
# held-out set 14, second batch. adan-pytorch (the Adan optimizer: Nesterov-accelerated adaptive moments, with an
# optional restart condition), as in its README (`Adan(model.parameters(), lr=1e-3, betas=(0.02, 0.08, 0.01),
# weight_decay=0.02)`).
@entry("adan-pytorch", "README: Adan steps on a small MLP, with weight decay and with a restart condition")
def adan_steps():
    from adan_pytorch import Adan
    models = [torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.GELU(), torch.nn.Linear(16, 1)) for _ in range(2)]
    opts = [Adan(models[0].parameters(), lr=1e-3, betas=(0.02, 0.08, 0.01), weight_decay=0.02),
            Adan(models[1].parameters(), lr=1e-3, restart_cond=lambda state: state["step"] % 2 == 0)]

    def f(x, y):
        out = []
        for m, opt in zip(models, opts):
            for _ in range(3):
                loss = torch.nn.functional.mse_loss(m(x), y)
                loss.backward()
                opt.step()
                opt.zero_grad()
                out.append(loss.detach())
        return out
    return f, (torch.randn(16, 6), torch.randn(16, 1))


# ---- held-out set 15 (chosen 2026-11-22 by a helper blind to graphlint), first batch
PACKAGES.update({
    "pytorchtrainer": {"dirs": ["pytorchtrainer"], "split": "dev"},
    "congrad": {"dirs": ["congrad"], "split": "dev"},
    "pt-kmeans": {"dirs": ["pt_kmeans"], "split": "dev"},
    "fastica-torch": {"dirs": ["fastica_torch"], "split": "dev"},
    "torchcurves": {"dirs": ["torchcurves"], "split": "dev"},
    "delu": {"dirs": ["delu"], "split": "dev"},
    "dsntnn": {"dirs": ["dsntnn"], "split": "dev"},
    "sinkhorn-transformer": {"dirs": ["sinkhorn_transformer"], "split": "dev"},
})


# ============================================================ pytorchtrainer ==
# held-out set 15, first batch. pytorchtrainer (a small module trainer: epoch / iteration loops, a console progress bar,
# metric callbacks, early stopping, CSV logging), as in its README (`create_default_trainer(model, optimizer,
# criterion)`, `register_post_iteration_callback`, `trainer.train(loader, max_epochs, stop_condition=EarlyStopping(...))`).
@entry("pytorchtrainer", "README: create_default_trainer + accuracy MetricCallback + progress-bar metric, train with EarlyStopping, evaluate with TorchLoss / Accuracy")
def pytorchtrainer_train():
    import tempfile

    import pytorchtrainer as ptt
    from pytorchtrainer.callback import CsvWriter, MetricCallback
    from pytorchtrainer.metric import Accuracy, TorchLoss
    from pytorchtrainer.stop_condition import EarlyStopping
    g = torch.Generator().manual_seed(0)
    ds = torch.utils.data.TensorDataset(torch.randn(24, 6, generator=g), torch.randint(0, 3, (24,), generator=g))
    train_loader = torch.utils.data.DataLoader(ds, batch_size=8)
    valid_loader = torch.utils.data.DataLoader(ds, batch_size=12)
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    trainer = ptt.create_default_trainer(model, optimizer, torch.nn.CrossEntropyLoss(), device="cpu")
    accuracy = MetricCallback(Accuracy(prediction_transform=lambda y: y.argmax(dim=1)))
    trainer.register_post_iteration_callback(accuracy, frequency=1)
    trainer.add_progressbar_metric("train accuracy %.2f", [accuracy])
    # the evaluation log goes to a fresh temporary directory, not the working directory
    csv_writer = CsvWriter(save_directory=tempfile.mkdtemp(prefix="pytorchtrainer-"))

    def f():
        trainer.state.reset()
        trainer.train(train_loader, max_epochs=2, stop_condition=EarlyStopping(patience=1))
        return (trainer.evaluate(valid_loader, TorchLoss(torch.nn.CrossEntropyLoss()), csv_writer=csv_writer),
                trainer.evaluate(valid_loader, Accuracy(prediction_transform=lambda y: y.argmax(dim=1)),
                                 csv_writer=csv_writer))
    return f, ()


# =================================================================== congrad ==
# held-out set 15, first batch. congrad (PyConGrad: batched, optionally preconditioned / flexible conjugate gradient with
# convergence monitors, for PyTorch / NumPy / CuPy backends), as in its README (`from congrad.torch import cg_batch`,
# `solution, solve_info = cg_batch(A_batch, b)`).
@entry("congrad", "README: cg_batch on a batch of SPD systems with the default (printing) monitor; Jacobi-preconditioned flexible CG with ProgressBarMonitor")
def congrad_cg_batch():
    from congrad.monitoring import ProgressBarMonitor
    from congrad.torch import cg_batch
    g = torch.Generator().manual_seed(0)
    X = torch.randn(3, 12, 12, generator=g, dtype=torch.float64)
    A = X @ X.transpose(-1, -2) + 0.5 * torch.eye(12, dtype=torch.float64)
    diag = torch.diagonal(A, dim1=-2, dim2=-1).unsqueeze(-1)

    def A_bmm(v):
        return A @ v

    def f(b):
        x1, info1 = cg_batch(A_bmm, b, rtol=1e-8, maxiter=60, monitor=True)
        x2, info2 = cg_batch(A_bmm, b, P=lambda v: v / diag, rtol=1e-6, maxiter=60, monitor=ProgressBarMonitor(),
                             flexible=True)
        return x1, x2, info1["niter"], info2["converged"]
    return f, (torch.randn(3, 12, 2, generator=g, dtype=torch.float64),)


# ================================================================= pt-kmeans ==
# held-out set 15, first batch. pt-kmeans (pure-PyTorch K-Means with k-means++ seeding, hierarchical K-Means, cluster
# splitting, L2 / cosine distances, chunked assignment), as in its README (`kmeans(x, n_clusters=...)`, `predict`,
# `hierarchical_kmeans(x, n_clusters=[...])`, `split_cluster`).
@entry("pt-kmeans", "README: kmeans (k-means++, L2 and cosine), predict, hierarchical_kmeans over two levels, split_cluster")
def pt_kmeans_runs():
    from pt_kmeans import hierarchical_kmeans, kmeans, predict, split_cluster
    cpu = torch.device("cpu")

    def f(x, x_new):
        centers, labels = kmeans(x, n_clusters=4, max_iters=20, random_seed=0, device=cpu)
        cos_centers, _ = kmeans(x, n_clusters=3, max_iters=10, distance_metric="cosine", init_method="random",
                                random_seed=1, device=cpu, chunk_size=32)
        new_labels = predict(x_new, centers, device=cpu)
        levels = hierarchical_kmeans(x, n_clusters=[6, 2], max_iters=10, random_seed=0, device=cpu)
        sub_centers, sub_labels = split_cluster(x, labels, cluster_id=0, n_clusters=2, max_iters=10, random_seed=0,
                                                device=cpu)
        return centers, cos_centers, new_labels, levels, sub_centers, sub_labels
    return f, (torch.randn(96, 5), torch.randn(10, 5))


# ============================================================= fastica-torch ==
# held-out set 15, first batch. fastica-torch (scikit-learn's FastICA in PyTorch: parallel / deflation extraction,
# logcosh / exp / cube contrasts, SVD / eigh whitening), as in its README (`FastICA(n_components=3, random_state=42)`,
# `fit_transform`, `transform`, `inverse_transform`).
@entry("fastica-torch", "README: FastICA fit_transform / transform / inverse_transform (parallel, logcosh); deflation with the exp contrast and eigh whitening")
def fastica_torch_runs():
    from fastica_torch import FastICA

    def f(X, X_new):
        ica = FastICA(n_components=3, random_state=42, max_iter=50)
        S = ica.fit_transform(X)
        S_new = ica.transform(X_new)
        X_rec = ica.inverse_transform(S)
        ica2 = FastICA(n_components=3, algorithm="deflation", fun="exp", whiten_solver="eigh", random_state=0,
                       max_iter=30)
        return S, S_new, X_rec, ica2.fit_transform(X)
    g = torch.Generator().manual_seed(0)
    t = torch.linspace(0, 8, 200)
    sources = torch.stack([torch.sin(2 * t), torch.sign(torch.sin(3 * t)), torch.rand(200, generator=g) - 0.5], 1)
    mixing = torch.randn(3, 5, generator=g)
    return f, (sources @ mixing, torch.randn(20, 5, generator=g))


# =============================================================== torchcurves ==
# held-out set 15, first batch. torchcurves (vectorized, differentiable parametric curves with learnable coefficients:
# B-spline and Legendre curves for KANs, continuous embeddings and monotone functions), as in its README
# (`tc.BSplineCurve(num_curves, dim, knots_config=...)`, `tc.Sum(dim=-2)`, `tc.BSplineBasis(...)(u, coefs)`).
@entry("torchcurves", "README: a two-layer B-spline KAN and a Legendre KAN training step; a monotone BSplineBasis bid model with predicted coefficients")
def torchcurves_kan():
    import torchcurves as tc
    kan = torch.nn.Sequential(tc.BSplineCurve(2, 5, knots_config=8), tc.Sum(dim=-2),
                              tc.BSplineCurve(5, 1, knots_config=8), tc.Sum(dim=-2))
    leg = torch.nn.Sequential(tc.LegendreCurve(2, 4, degree=4), tc.Sum(dim=-2), tc.LegendreCurve(4, 1, degree=4),
                              tc.Sum(dim=-2))
    encoder = torch.nn.Linear(3, 6)
    bid_basis = tc.BSplineBasis(degree=3, knots_config=6, input_map=tc.maps.Nonneg.rational())
    params = list(kan.parameters()) + list(leg.parameters()) + list(encoder.parameters())
    opt = torch.optim.Adam(params, lr=1e-2)

    def f(x, y, feats, bids, wins):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(kan(x), y) + torch.nn.functional.mse_loss(leg(x), y)
        c = encoder(feats)
        coefs = torch.cumsum(torch.cat((c[..., :1], torch.nn.functional.softplus(c[..., 1:])), -1), -1)
        logits = bid_basis(bids.unsqueeze(0), coefs.unsqueeze(-1)).squeeze(0).squeeze(-1)
        loss = loss + torch.nn.functional.binary_cross_entropy_with_logits(logits, wins)
        loss.backward()
        opt.step()
        return loss.detach()
    return f, (torch.rand(16, 2) * 2 - 1, torch.randn(16, 1), torch.randn(8, 3), torch.rand(8) * 3,
               torch.randint(0, 2, (8,)).float())


# ====================================================================== delu ==
# held-out set 15, first batch. delu (deep-learning utilities: batched iteration over in-memory tensors, early stopping,
# timers, evaluation mode, NLinear / Lambda modules), as in its README / docs (`delu.iter_batches(data, batch_size,
# shuffle=True)`, `delu.tools.EarlyStopping(patience, mode=...)`, `with delu.evaluation(model):`).
@entry("delu", "docs: training loop over delu.iter_batches (shuffled) with NLinear / Lambda modules, delu.evaluation + delu.cat, EarlyStopping and Timer")
def delu_training_loop():
    import delu
    model = torch.nn.Sequential(delu.nn.NLinear(4, 6, 8), torch.nn.ReLU(), delu.nn.Lambda(torch.flatten, start_dim=1),
                                torch.nn.Linear(4 * 8, 1), delu.nn.Lambda(torch.squeeze, dim=-1))
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def f(X, Y, Xv, Yv):
        early_stopping = delu.tools.EarlyStopping(2, mode="min")
        timer = delu.tools.Timer()
        timer.run()
        for epoch in range(3):
            for xb, yb in delu.iter_batches((X, Y), batch_size=8, shuffle=True):
                opt.zero_grad()
                loss = torch.nn.functional.mse_loss(model(xb), yb)
                loss.backward()
                opt.step()
            with delu.evaluation(model):
                pred = delu.cat([model(xb) for xb in delu.iter_batches(Xv, batch_size=16)])
            score = torch.nn.functional.mse_loss(pred, Yv).item()
            early_stopping.update(score)
            if early_stopping.should_stop():
                break
        timer.pause()
        return pred, score, str(timer)
    return f, (torch.randn(32, 4, 6), torch.randn(32), torch.randn(20, 4, 6), torch.randn(20))


# ==================================================================== dsntnn ==
# held-out set 15, first batch. dsntnn (differentiable spatial to numerical transform for coordinate regression:
# heatmap normalisation, DSNT, Euclidean / Jensen-Shannon regularised losses), as in its README
# (`flat_softmax`, `dsnt`, `euclidean_losses`, `js_reg_losses`, `average_loss`).
@entry("dsntnn", "README: CoordRegressionNetwork training step (flat_softmax, dsnt, euclidean + JS / variance regularised losses, average_loss with a mask)")
def dsntnn_coord_regression():
    import dsntnn

    class CoordRegressionNetwork(torch.nn.Module):
        def __init__(self, n_locations):
            super().__init__()
            self.fcn = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.ReLU())
            self.hm_conv = torch.nn.Conv2d(8, n_locations, kernel_size=1, bias=False)

        def forward(self, images):
            unnormalized_heatmaps = self.hm_conv(self.fcn(images))
            heatmaps = dsntnn.flat_softmax(unnormalized_heatmaps)
            return dsntnn.dsnt(heatmaps), heatmaps
    model = CoordRegressionNetwork(n_locations=2)
    opt = torch.optim.RMSprop(model.parameters(), lr=2.5e-4)

    def f(images, target, mask):
        opt.zero_grad()
        coords, heatmaps = model(images)
        euc_losses = dsntnn.euclidean_losses(coords, target)
        reg_losses = dsntnn.js_reg_losses(heatmaps, target, sigma_t=1.0)
        var_losses = dsntnn.variance_reg_losses(heatmaps, sigma_t=1.0)
        loss = dsntnn.average_loss(euc_losses + reg_losses, mask) + dsntnn.average_loss(var_losses)
        loss.backward()
        opt.step()
        pixels = dsntnn.normalized_to_pixel_coordinates(coords.detach(), size=(16, 16))
        return loss.detach(), pixels
    mask = torch.ones(2, 2)
    mask[1, 1] = 0
    return f, (torch.randn(2, 3, 16, 16), torch.rand(2, 2, 2) * 1.6 - 0.8, mask)


# ====================================================== sinkhorn-transformer ==
# held-out set 15, first batch. sinkhorn-transformer (Sparse Sinkhorn attention: learned bucket sorting with Sinkhorn
# normalisation, sortcut, local attention heads, product-key memory, reversible layers), as in its README
# (`SinkhornTransformerLM(...)`, `AutoregressiveWrapper(model)` with `return_loss` / `generate`, `Autopadder`).
@entry("sinkhorn-transformer", "README: SinkhornTransformerLM forward (sortcut, local heads, PKM layer, reversible), causal AutoregressiveWrapper loss + generate, Autopadder")
def sinkhorn_transformer_lm():
    from sinkhorn_transformer import Autopadder, AutoregressiveWrapper, SinkhornTransformerLM
    lm = SinkhornTransformerLM(num_tokens=64, dim=32, heads=4, depth=2, max_seq_len=64, bucket_size=8, causal=False,
                               n_sortcut=2, n_local_attn_heads=1, pkm_layers=(1,), pkm_num_keys=32, reversible=True,
                               ff_chunks=2)
    causal = AutoregressiveWrapper(SinkhornTransformerLM(num_tokens=64, dim=32, heads=2, depth=1, max_seq_len=32,
                                                          bucket_size=8, causal=True))
    padded = Autopadder(SinkhornTransformerLM(num_tokens=64, dim=32, heads=2, depth=1, max_seq_len=32, bucket_size=8))

    def f(x, y, z):
        logits = lm(x)
        loss = causal(y, return_loss=True)
        loss.backward()
        gen = causal.generate(y[:, :8], 4, temperature=1.0)
        return logits, loss.detach(), gen, padded(z)
    return f, (torch.randint(0, 64, (2, 64)), torch.randint(0, 64, (2, 32)), torch.randint(0, 64, (2, 27)))


# ---- held-out set 15, second batch (chosen 2026-11-22 by the same helper)
PACKAGES.update({
    "heavyball": {"dirs": ["heavyball"], "split": "dev"},
    "adam-atan2-pytorch": {"dirs": ["adam_atan2_pytorch"], "split": "dev"},
    "grokfast-pytorch": {"dirs": ["grokfast_pytorch"], "split": "dev"},
    "torch-runstats": {"dirs": ["torch_runstats"], "split": "dev"},
})


# ================================================================= heavyball ==
# held-out set 15, second batch. heavyball (an optimizer library assembled from chainable building blocks: AdamW, LaProp,
# ADOPT, Muon, SOAP / Shampoo, PSGD Kron, Schedule-Free, SAM, with MARS / caution / gradient-clipping flags), as in its
# README (`heavyball.AdamW(model.parameters(), lr=1e-3)`, `SOAP(...)`, `Muon(..., mars=True, caution=True)`). Its own
# `torch.compile` of the building blocks is switched off (`heavyball.utils.compile_mode = None`): the entry point's
# callable is what gets compiled.
def _heavyball_steps(opt_factories, x, y):
    import heavyball
    heavyball.utils.compile_mode = None
    models = [torch.nn.Sequential(torch.nn.Linear(6, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2)) for _ in opt_factories]
    opts = [make(m.parameters()) for make, m in zip(opt_factories, models)]

    def f(x, y):
        out = []
        for m, opt in zip(models, opts):
            for _ in range(2):
                loss = torch.nn.functional.mse_loss(m(x), y)
                loss.backward()
                opt.step()
                opt.zero_grad()
                out.append(loss.detach())
        return out
    return f, (x, y)


@entry("heavyball", "README: first-order optimizer steps: AdamW, LaProp with mars + caution, ADOPT, NAdam, SFAdamW (train / eval), SGD with gradient clipping")
def heavyball_first_order():
    import heavyball
    f, args = _heavyball_steps([lambda p: heavyball.AdamW(p, lr=1e-3),
                                lambda p: heavyball.LaProp(p, lr=1e-3, mars=True, caution=True),
                                lambda p: heavyball.ADOPT(p, lr=1e-3),
                                lambda p: heavyball.NAdam(p, lr=1e-3),
                                lambda p: heavyball.SGD(p, lr=1e-2, gradient_clipping="l2_clip_")],
                               torch.randn(16, 6), torch.randn(16, 2))
    sf_model = torch.nn.Linear(6, 2)
    sf = heavyball.SFAdamW(sf_model.parameters(), lr=1e-3)

    def g(x, y):
        out = f(x, y)
        sf.train()
        loss = torch.nn.functional.mse_loss(sf_model(x), y)
        loss.backward()
        sf.step()
        sf.zero_grad()
        sf.eval()
        return out, loss.detach(), sf_model(x)
    return g, args


@entry("heavyball", "README: second-order / orthogonal optimizer steps: SOAP, PSGDKron, Muon with mars + caution, MuonAdamW, SAMWrapper with a closure")
def heavyball_second_order():
    import heavyball
    f, args = _heavyball_steps([lambda p: heavyball.SOAP(p, lr=3e-3),
                                lambda p: heavyball.PSGDKron(p, lr=1e-3),
                                lambda p: heavyball.Muon(p, lr=0.02, mars=True, caution=True),
                                lambda p: heavyball.MuonAdamW(p, lr=1e-3)],
                               torch.randn(16, 6), torch.randn(16, 2))
    sam_model = torch.nn.Linear(6, 2)
    sam = heavyball.SAMWrapper(sam_model.parameters(), heavyball.AdamW(sam_model.parameters(), lr=1e-3))

    def g(x, y):
        def closure():
            loss = torch.nn.functional.mse_loss(sam_model(x), y)
            loss.backward()
            return loss
        return f(x, y), sam.step(closure)
    return g, args


# ======================================================== adam-atan2-pytorch ==
# held-out set 15, second batch. adam-atan2-pytorch (Adam with atan2 instead of epsilon, plus ADOPT-atan2, cautious
# updates, regenerative regularisation, grok clipping and Muon / polar-express orthogonalised variants), as in its README
# (`AdamAtan2(model.parameters(), lr=1e-4)`, `opt.step()`, `opt.zero_grad()`).
@entry("adam-atan2-pytorch", "README: AdamAtan2 (cautious, regen reg), AdoptAtan2, AdamAtan2ClipGrok, MuonAdamAtan2 and PolarAdamAtan2 steps on a small MLP")
def adam_atan2_steps():
    from adam_atan2_pytorch import AdamAtan2, AdamAtan2ClipGrok, AdoptAtan2, MuonAdamAtan2, PolarAdamAtan2

    def mlp():
        return torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
    models = [mlp() for _ in range(5)]
    opts = [AdamAtan2(models[0].parameters(), lr=1e-4, regen_reg_rate=1e-3, cautious_factor=0.),
            AdoptAtan2(models[1].parameters(), lr=1e-4, weight_decay=1e-2),
            AdamAtan2ClipGrok(models[2].parameters(), lr=1e-4),
            MuonAdamAtan2([models[3][0].weight], [p for n, p in models[3].named_parameters() if n != "0.weight"],
                          lr=1e-4),
            PolarAdamAtan2([models[4][0].weight], [p for n, p in models[4].named_parameters() if n != "0.weight"],
                           lr=1e-4)]

    def f(x, y):
        out = []
        for m, opt in zip(models, opts):
            for _ in range(2):
                loss = torch.nn.functional.mse_loss(m(x), y)
                loss.backward()
                opt.step()
                opt.zero_grad()
                out.append(loss.detach())
        return out
    return f, (torch.randn(16, 6), torch.randn(16, 1))


# ========================================================== grokfast-pytorch ==
# held-out set 15, second batch. grokfast-pytorch (GrokFastAdamW: AdamW that amplifies the slow, EMA-filtered gradient
# component to accelerate grokking, with an optional spectral-entropy regulariser), as in its README
# (`GrokFastAdamW(model.parameters(), lr=1e-4, weight_decay=1e-2)`).
@entry("grokfast-pytorch", "README: GrokFastAdamW steps (grokfast after step 1, normalised lr; regen reg and spectral-entropy regulariser) on a small MLP")
def grokfast_steps():
    from grokfast_pytorch import GrokFastAdamW
    models = [torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1)) for _ in range(2)]
    opts = [GrokFastAdamW(models[0].parameters(), lr=1e-4, weight_decay=1e-2, grokfast_after_step=1),
            GrokFastAdamW(models[1].parameters(), lr=1e-4, regen_reg_rate=1e-3, add_spectral_entropy_reg=True)]

    def f(x, y):
        out = []
        for m, opt in zip(models, opts):
            for _ in range(3):
                loss = torch.nn.functional.mse_loss(m(x), y)
                loss.backward()
                opt.step()
                opt.zero_grad()
                out.append(loss.detach())
        return out
    return f, (torch.randn(16, 6), torch.randn(16, 1))


# ============================================================ torch-runstats ==
# held-out set 15, second batch. torch-runstats (online running statistics: mean / RMS / count over batches, binned by a
# per-sample index, with NaN handling; scatter helpers), as in its README / docs (`RunningStats(dim, reduction)`,
# `accumulate_batch(batch, accumulate_by=...)`, `current_result()`).
@entry("torch-runstats", "docs: RunningStats mean (binned by index) / RMS (reduce_dims, ignore_nan) accumulate_batch + current_result; scatter_mean / scatter_std")
def torch_runstats_stats():
    from torch_runstats import Reduction, RunningStats
    from torch_runstats.scatter import scatter_mean, scatter_std

    def f(batch1, bins1, batch2, bins2):
        mean = RunningStats(dim=3, reduction=Reduction.MEAN)
        rms = RunningStats(dim=(3, 4), reduction=Reduction.RMS, reduce_dims=1, ignore_nan=True)
        b1 = mean.accumulate_batch(batch1, accumulate_by=bins1)
        b2 = mean.accumulate_batch(batch2, accumulate_by=bins2)
        r1 = rms.accumulate_batch(batch1.unsqueeze(-1).expand(-1, -1, 4))
        out = (b1, b2, mean.current_result(), mean.n, r1, rms.current_result())
        mean.reset(reset_n_bins=True)
        return out, scatter_mean(batch1, bins1, dim=0), scatter_std(batch1, bins1, dim=0)
    batch1 = torch.randn(10, 3)
    batch1[2, 1] = float("nan")
    return f, (batch1, torch.tensor([0, 0, 1, 2, 1, 0, 2, 2, 1, 0]), torch.randn(6, 3), torch.tensor([3, 3, 1, 0, 1, 3]))


# ---- held-out set 15, third batch (chosen 2026-11-22 by the same helper)
PACKAGES.update({
    "kmeans-gpu": {"dirs": ["kmeans_gpu"], "split": "dev"},
    "torchsample": {"dirs": ["torchsample"], "split": "dev"},
})


# ================================================================ kmeans-gpu ==
# held-out set 15, third batch. kmeans-gpu (batched K-Means as an nn.Module: per-example clustering of point sets with
# euclidean / cosine similarity, sub-sampling, and neighbourhood aggregation of per-point features into cluster
# features), as in its README (`KMeans(n_clusters, max_iter, tolerance, distance, sub_sampling, max_neighbors)`,
# `centroids, features = kmeans(points, features)`). Initial centroids are passed explicitly (the README's default
# draws them with numpy's unseeded generator).
@entry("kmeans-gpu", "README: KMeans module on a batch of point sets with per-point features (euclidean), cosine with sub-sampling, fit_predict")
def kmeans_gpu_forward():
    from kmeans_gpu import KMeans
    euc = KMeans(n_clusters=4, max_iter=20, tolerance=1e-4, distance="euclidean", sub_sampling=None, max_neighbors=5)
    cos = KMeans(n_clusters=3, max_iter=10, tolerance=1e-4, distance="cosine", sub_sampling=None, max_neighbors=4)

    def f(points, features):
        centroids, cluster_features = euc(points, features, centroids=points[:, :4].clone())
        cos_centroids = cos(points, centroids=points[:, 4:7].clone())
        labels, c = euc.fit_predict(points[0], points[0, :4].clone())
        return centroids, cluster_features, cos_centroids, labels, c
    return f, (torch.randn(2, 48, 3), torch.randn(2, 6, 48))


# =============================================================== torchsample ==
# held-out set 15, third batch. torchsample (sampling feature maps at continuous normalised coordinates for implicit /
# PointRend-style heads: random, pixel-aligned and uncertainty-biased coordinates, NeRF positional encoding, MLP), as in
# its README (`coords = ts.coord.rand(b, n, 2)`, `ts.sample(coords, featmap)`, `ts.coord.full_like`,
# `ts.coord.rand_biased`, `ts.coord.uncertain`, `ts.encoding.Gamma`).
@entry("torchsample", "README: training step sampling a featmap and GT at random / uncertainty-biased coords with gamma encoding + MLP; dense full_like query; uncertain refinement")
def torchsample_train_infer():
    import torchsample as ts
    encoder = torch.nn.Conv2d(3, 8, 3, padding=1)
    mlp = ts.models.MLP(8 + 2 * 2 * 4, 16, 3)
    gamma = ts.encoding.Gamma(order=4)
    opt = torch.optim.Adam(list(encoder.parameters()) + list(mlp.parameters()), lr=1e-3)

    def f(image, gt):
        b = image.shape[0]
        opt.zero_grad()
        featmap = encoder(image)
        pred = featmap[:, :3].softmax(1)
        coords = torch.cat([ts.coord.rand(b, 32, 2), ts.coord.rand_biased(b, 16, pred.detach())], 1)
        sampled = torch.cat([ts.sample(coords, featmap), gamma(coords)], -1)
        gt_sample = ts.sample(coords, gt, mode="nearest")
        loss = torch.nn.functional.cross_entropy(ts.feat_first(mlp(sampled)), gt_sample[..., 0].long())
        loss.backward()
        opt.step()
        with torch.no_grad():
            full = ts.coord.full_like(image)
            dense = mlp(torch.cat([ts.sample(full, featmap), gamma(full)], -1))
            index_coords, norm_coords = ts.coord.uncertain(pred[:1], threshold=0.5)
            refined = mlp(torch.cat([ts.sample(norm_coords, featmap[:1]), gamma(norm_coords)], -1))
        return loss.detach(), dense, refined
    return f, (torch.randn(2, 3, 12, 12), torch.randint(0, 3, (2, 1, 12, 12)).float())


# ---- held-out set 15, fourth batch (chosen 2026-11-22 by the same helper)
PACKAGES.update({
    "torch-numopt": {"dirs": ["torch_numopt"], "split": "dev"},
    "glm-saga": {"dirs": ["glm_saga"], "split": "dev"},
})


# ============================================================== torch-numopt ==
# held-out set 15, fourth batch. torch-numopt (classical numerical optimisers for PyTorch models: Newton, Gauss-Newton,
# Levenberg-Marquardt, nonlinear CG, L-BFGS, AdaHessian with line searches / trust regions, curvature estimators and
# linear solvers), as in its README (`optimizer = GaussNewtonLS(model.parameters(), lr_init=1.0,
# line_search_method="backtrack")`, `objective = SupervisedLearningObjective(model, loss_fn, optimizer)`,
# `objective.set_data(X, y)`, `optimizer.step(objective)`).
def _numopt_steps(factories, steps=2):
    from torch_numopt import SupervisedLearningObjective
    X = torch.randn(24, 4)
    y = torch.sum(X, dim=1, keepdim=True) + 0.1 * torch.randn(24, 1)
    runs = []
    for make in factories:
        model = torch.nn.Sequential(torch.nn.Linear(4, 6), torch.nn.Tanh(), torch.nn.Linear(6, 1))
        opt = make(model.parameters())
        runs.append((opt, SupervisedLearningObjective(model, torch.nn.MSELoss(), opt)))

    def f(X, y):
        out = []
        for opt, objective in runs:
            objective.set_data(X, y)
            for _ in range(steps):
                opt.step(objective)
            with torch.no_grad():
                out.append(objective.loss(*objective.params))
        return out
    return f, (X, y)


@entry("torch-numopt", "README: GaussNewtonLS with a backtracking line search on a small regression MLP (the README example)")
def torch_numopt_readme():
    import torch_numopt as tn
    return _numopt_steps([lambda p: tn.GaussNewtonLS(p, lr_init=1.0, line_search_method="backtrack")], steps=3)


# ================================================================== glm-saga ==
# held-out set 15, fourth batch. glm-saga (MadryLab's elastic-net / group-lasso GLM solver: SAGA with proximal steps along a
# regularisation path, stopping on tolerance, validation-based model selection, logging), as in its README
# (`glm_saga(linear, loader, max_lr, nepochs, alpha, ...)` with a loader of `(X, y, i)` and a zero-initialised
# `nn.Linear`).
@entry("glm-saga", "README: glm_saga regularisation path (multinomial, elastic net, validation loader, verbose) and a grouped gaussian path")
def glm_saga_path():
    from glm_saga.elasticnet import IndexedTensorDataset, glm_saga
    g = torch.Generator().manual_seed(0)
    X = torch.randn(48, 5, generator=g)
    y_cls = (X[:, 0] + 0.5 * X[:, 1] > 0).long() + (X[:, 2] > 1).long()
    y_reg = X[:, :2].sum(1, keepdim=True) + 0.1 * torch.randn(48, 1, generator=g)
    cls_loader = torch.utils.data.DataLoader(IndexedTensorDataset(X[:32], y_cls[:32]), batch_size=16)
    val_loader = torch.utils.data.DataLoader(IndexedTensorDataset(X[32:], y_cls[32:]), batch_size=16)
    reg_loader = torch.utils.data.DataLoader(IndexedTensorDataset(X, y_reg), batch_size=16)

    def f():
        cls_linear = torch.nn.Linear(5, 3)
        reg_linear = torch.nn.Linear(5, 1)
        for lin in (cls_linear, reg_linear):
            torch.nn.init.zeros_(lin.weight)
            torch.nn.init.zeros_(lin.bias)
        path = glm_saga(cls_linear, cls_loader, max_lr=0.1, nepochs=3, alpha=0.99, k=3, epsilon=0.1, verbose=1,
                        val_loader=val_loader, tol=1e-4, n_ex=32, n_classes=3)
        reg_path = glm_saga(reg_linear, reg_loader, max_lr=0.05, nepochs=2, alpha=0.8, k=2, epsilon=0.1, group=True,
                            family="gaussian", do_zero=False, lookbehind=2)
        return path["best"], reg_path["path"]
    return f, ()


# ---- held-out set 15, fifth batch (chosen 2026-11-22 by the same helper)
PACKAGES.update({
    "trainloop": {"dirs": ["trainloop"], "split": "dev"},
})


# ================================================================= trainloop ==
# held-out set 15, fifth batch. trainloop (a minimal step-based training loop with hooks for progress logging, EMA weights,
# gradient clipping / accumulation, non-finite-gradient retries and checkpointing), as in its README (a `BaseTrainer`
# subclass with `build_data_loader` / `build_model` / `build_optimizer` / `build_hooks` / `forward`,
# `MyTrainer(max_steps=..., device="cpu").train()`). No workspace is given, so nothing is written.
@entry("trainloop", "README: BaseTrainer subclass trained for a few steps with ProgressHook(with_records), EMAHook, grad clipping and accumulation, an lr scheduler")
def trainloop_train():
    import logging

    from trainloop import BaseTrainer, EMAHook, ProgressHook
    g = torch.Generator().manual_seed(0)
    ds = torch.utils.data.TensorDataset(torch.randn(64, 6, generator=g), torch.randint(0, 3, (64,), generator=g))
    logger = logging.getLogger("trainloop-bench")
    logger.setLevel(logging.INFO)

    class MyTrainer(BaseTrainer):
        def build_data_loader(self):
            return torch.utils.data.DataLoader(ds, batch_size=8)

        def build_model(self):
            return torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3)).to(self.device)

        def build_optimizer(self):
            return torch.optim.AdamW(self.model.parameters(), lr=3e-4)

        def build_lr_scheduler(self):
            return torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=2, gamma=0.5)

        def build_hooks(self):
            return [ProgressHook(interval=1, with_records=True), EMAHook(decay=0.9)]

        def forward(self, batch):
            x, y = batch
            x, y = x.to(self.device), y.to(self.device)
            logits = self.model(x)
            loss = torch.nn.functional.cross_entropy(logits, y)
            accuracy = (logits.argmax(1) == y).float().mean().item()
            return loss, {"accuracy": accuracy}

    def f():
        trainer = MyTrainer(max_steps=3, device="cpu", grad_clip=1.0, gradient_accumulation_steps=2, logger=logger)
        trainer.train()
        return trainer.step, [p.detach() for p in trainer.model.parameters()]
    return f, ()


# ---- held-out set 15, sixth batch (chosen 2026-11-22 by the same helper)
PACKAGES.update({
    "torchclust": {"dirs": ["torchclust"], "split": "dev"},
})


# ================================================================ torchclust ==
# held-out set 15, sixth batch. torchclust (scikit-learn style clustering on torch tensors: KMeans / KMedians, MeanShift,
# DBSCAN, Gaussian mixture EM, and internal / external clustering metrics), as in its README
# (`KMeans(num_clusters=3).fit_predict(x)`) and docstrings.
@entry("torchclust", "README: KMeans / KMedians fit_predict with silhouette, Davies-Bouldin, Calinski-Harabasz, inertia; MeanShift, DBSCAN, GMM; rand index, purity, mutual information")
def torchclust_runs():
    from torchclust.centroid import KMeans, KMedians, MeanShift
    from torchclust.density import DBSCAN, GaussianMixtureModel
    from torchclust.metrics import (calinski_harabasz_index, davies_bouldin_index, inertia, mutual_information,
                                    purity_score, rand_index, silhouette_score)
    g = torch.Generator().manual_seed(0)
    centers = torch.tensor([[0.0, 0.0], [4.0, 4.0], [-4.0, 4.0]])
    y = torch.arange(3).repeat_interleave(20)
    x = centers[y] + 0.5 * torch.randn(60, 2, generator=g)

    def f(x, y):
        kmeans = KMeans(num_clusters=3, max_iter=20)
        labels = kmeans.fit_predict(x)
        c = kmeans.parameters["centroids"]
        scores = (silhouette_score(x, labels, c), davies_bouldin_index(x, labels, c),
                  calinski_harabasz_index(x, labels, c), inertia(x, labels, c))
        med = KMedians(num_clusters=3, max_iter=10).fit_predict(x)
        ms = MeanShift(band_width=1, max_iter=10).fit_predict(x)
        db = DBSCAN(min_samples=4, eps=1.0).fit_predict(x)
        gmm = GaussianMixtureModel(num_clusters=3, max_iter=10).fit_predict(x)
        ext = (rand_index(y, labels), purity_score(y, labels), mutual_information(y, labels))
        return labels, scores, med, ms, db, gmm, ext
    return f, (x, y)


# ---- held-out set 16 (chosen 2026-11-22 by a helper blind to graphlint), first batch
PACKAGES.update({
    "torchdde": {"dirs": ["torchdde"], "split": "dev"},
    "adversarial-robustness-toolbox": {"dirs": ["art"], "split": "dev"},
    "hippynn": {"dirs": ["hippynn"], "split": "dev"},
    "rockpool": {"dirs": ["rockpool"], "split": "dev"},
    "traker": {"dirs": ["trak"], "split": "dev"},
    "early-stopping-pytorch": {"dirs": ["early_stopping_pytorch"], "split": "dev"},
})


# ================================================================== torchdde ==
# held-out set 16, first batch. torchdde (delay differential equation solvers with constant delays: explicit / implicit
# Runge-Kutta steps, adaptive step-size control, history interpolation, adjoint training of neural DDEs), as in its
# README (`integrate(f, RK2(), ts[0], ts[-1], ts, history_function, None, dt0=..., delays=delays)`). Cut down to the
# README example after the first collect (see README.md, held-out set 16).
@entry("torchdde", "README: integrate the README's DDE y' = y (1 - y(t - 1)) with RK2 and a constant history function")
def torchdde_integrate():
    from torchdde import RK2, integrate

    def f(t, y, args, history):
        return y * (1 - history[0])

    def run(y0):
        ts = torch.linspace(0, 2, 11)
        history_function = lambda t: y0  # noqa: E731
        delays = torch.tensor([1.0])
        return integrate(f, RK2(), ts[0], ts[-1], ts, history_function, None, dt0=ts[1] - ts[0], delays=delays)
    return run, (torch.rand(4, 1) + 0.5,)


# ======================================================= adversarial-robustness-toolbox ==
# held-out set 16, first batch. Adversarial Robustness Toolbox (ART, LF AI / IBM: estimators wrapping framework models,
# evasion attacks, defences, metrics), as in its README / "get started" example for PyTorch: a `PyTorchClassifier`
# trained with `fit`, evaluated with `predict`, attacked with `FastGradientMethod(estimator=classifier, eps=...)`
# `.generate(x=x_test)`; plus DeepFool from its evasion-attack docs. Inputs are numpy arrays, as in ART. (PGD was
# dropped after the first collect: it recorded `compile-error`, see README.md.)
@entry("adversarial-robustness-toolbox", "README: PyTorchClassifier fit / predict, FastGradientMethod and DeepFool generate on numpy images")
def art_pytorch_classifier():
    import numpy as np
    from art.attacks.evasion import DeepFool, FastGradientMethod
    from art.estimators.classification import PyTorchClassifier
    model = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3), torch.nn.ReLU(), torch.nn.Flatten(),
                                torch.nn.Linear(4 * 6 * 6, 3))
    classifier = PyTorchClassifier(model=model, clip_values=(0.0, 1.0), loss=torch.nn.CrossEntropyLoss(),
                                   optimizer=torch.optim.Adam(model.parameters(), lr=0.01), input_shape=(1, 8, 8),
                                   nb_classes=3)
    rng = np.random.default_rng(0)
    x = rng.random((16, 1, 8, 8), dtype=np.float32)
    y = np.eye(3, dtype=np.float32)[rng.integers(0, 3, 16)]

    def f(x, y):
        classifier.fit(x, y, batch_size=8, nb_epochs=2)
        pred = classifier.predict(x)
        accuracy = np.sum(np.argmax(pred, axis=1) == np.argmax(y, axis=1)) / len(y)
        x_fgm = FastGradientMethod(estimator=classifier, eps=0.1).generate(x=x)
        x_df = DeepFool(classifier=classifier, max_iter=3, verbose=False).generate(x=x[:4])
        return accuracy, x_fgm, x_df
    return f, (x, y)


# =================================================================== hippynn ==
# held-out set 16, first batch. hippynn (LANL, atomistic machine learning: the HIP-NN network built with a graph API,
# pair finding, hierarchical energies, forces by autograd, loss graphs, training controllers), as in its documentation's
# barebones example (`networks.Hipnn(...)`, `targets.HEnergyNode`, `physics.GradientNode`, `loss.MSELoss.of_node`,
# `assemble_for_training`, `Database(...)`, `PatienceController`, `setup_training`, `train_model`), on a tiny random
# in-memory database; training runs in a temporary directory (it writes its metrics file there).
@entry("hippynn", "docs barebones: HIP-NN energy + force model trained for two epochs with train_model (PatienceController, RaiseBatchSizeOnPlateau), evaluation of train / valid / test")
def hippynn_train():
    import tempfile

    import numpy as np

    import hippynn
    from hippynn.experiment.controllers import PatienceController, RaiseBatchSizeOnPlateau
    from hippynn.graphs import inputs, loss, networks, physics, targets
    network_params = {"possible_species": [0, 1, 6, 8], "n_features": 8, "n_sensitivities": 6, "dist_soft_min": 0.75,
                      "dist_soft_max": 3.5, "dist_hard_max": 4.0, "n_interaction_layers": 1, "n_atom_layers": 2}
    species = inputs.SpeciesNode(db_name="Z")
    positions = inputs.PositionsNode(db_name="R")
    network = networks.Hipnn("hipnn_model", (species, positions), module_kwargs=network_params)
    henergy = targets.HEnergyNode("HEnergy", network, db_name="T")
    sys_energy = henergy.mol_energy
    sys_energy.db_name = "T"
    force = physics.GradientNode("forces", (sys_energy, positions), sign=-1)
    force.db_name = "F"
    mse_energy = loss.MSELoss.of_node(sys_energy)
    train_loss = mse_energy + loss.MSELoss.of_node(force) + 1e-6 * loss.l2reg(network)
    validation_losses = {"RMSE": loss.MSELoss.of_node(sys_energy) ** (1 / 2), "MAE": loss.MAELoss.of_node(sys_energy),
                         "RSQ": loss.Rsq.of_node(sys_energy), "ForceMSE": loss.MSELoss.of_node(force), "Loss": train_loss}
    training_modules, db_info = hippynn.experiment.assemble_for_training(train_loss, validation_losses)
    rng = np.random.default_rng(0)
    n = 24
    arrays = {"Z": np.array([[6, 1, 1, 8, 0]] * n, dtype=np.int64),
              "R": (rng.random((n, 5, 3)) * 2.0).astype(np.float32),
              "T": rng.random((n, 1)).astype(np.float32),
              "F": rng.random((n, 5, 3)).astype(np.float32)}
    database = hippynn.databases.Database(arrays, seed=0, test_size=0.25, valid_size=0.25, pin_memory=False, **db_info)
    init_state = {k: v.clone() for k, v in training_modules.model.state_dict().items()}
    workdir = tempfile.mkdtemp(prefix="hippynn-")

    def f():
        model = training_modules.model
        model.load_state_dict(init_state)
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        scheduler = RaiseBatchSizeOnPlateau(optimizer=optimizer, max_batch_size=16, patience=1)
        controller = PatienceController(optimizer=optimizer, scheduler=scheduler, batch_size=4, eval_batch_size=8,
                                        max_epochs=2, termination_patience=5, stopping_key="Loss")
        tm, controller, metric_tracker = hippynn.experiment.setup_training(
            training_modules=training_modules, setup_params=hippynn.experiment.SetupParams(controller=controller))
        with hippynn.tools.active_directory(workdir, create=None):
            metric_tracker = hippynn.experiment.train_model(tm, database, controller, metric_tracker, callbacks=None,
                                                            batch_callbacks=None, store_best=False,
                                                            store_structure_file=False, store_metrics=False)
        return metric_tracker.best_metric_values
    return f, ()


# ================================================================== rockpool ==
# held-out set 16, first batch. Rockpool (SynSense, spiking neural networks for neuromorphic hardware: LIF / synapse /
# linear modules, Sequential / Residual combinators, SynNet and WaveSenseNet architectures, parameter-bound losses),
# as in its docs' torch training tutorial (`Sequential(LinearTorch(...), LIFTorch(...), ...)`,
# `net(x, record=True)`, `torch.optim.Adam(net.parameters().astorch())`) and network docs.
@entry("rockpool", "docs: Sequential / Residual LIF network with record=True, bounds_cost regularised Adam step; SynNet and WaveSenseNet forward")
def rockpool_train():
    from rockpool.nn.combinators import Residual, Sequential
    from rockpool.nn.modules import ExpSynTorch, LIFTorch, LinearTorch
    from rockpool.nn.networks import SynNet, WaveSenseNet
    from rockpool.training.torch_loss import bounds_cost, make_bounds
    net = Sequential(LinearTorch((4, 8)), LIFTorch(8), Residual(LinearTorch((8, 8)), LIFTorch(8)),
                     LinearTorch((8, 2)), ExpSynTorch(2))
    opt = torch.optim.Adam(net.parameters().astorch(), lr=1e-3)
    syn = SynNet(n_classes=2, n_channels=4, size_hidden_layers=[6, 6], time_constants_per_layer=[2, 2])
    wavesense = WaveSenseNet(dilations=[2, 4], n_classes=2, n_channels_in=4, n_channels_res=4, n_channels_skip=4,
                             n_hidden=4, kernel_size=2)
    lower, upper = make_bounds(net.parameters())

    def f(x):
        net.reset_state()
        out, state, record = net(x, record=True)
        loss = out.pow(2).mean() + bounds_cost(net.parameters(), lower, upper)
        loss.backward()
        opt.step()
        opt.zero_grad()
        syn.reset_state()
        wavesense.reset_state()
        out_syn, _, record_syn = syn(x, record=True)
        out_ws, _, _ = wavesense(x)
        return loss.detach(), out_syn, out_ws
    g = torch.Generator().manual_seed(0)
    return f, ((torch.rand(2, 20, 4, generator=g) < 0.3).float(),)


# ==================================================================== traker ==
# held-out set 16, first batch. TRAK (MadryLab, data attribution by tracing with the randomly-projected after kernel:
# per-example gradients, JL projection, feature finalisation, scoring), as in its README / quickstart (`TRAKer(model=...,
# task='image_classification', train_set_size=...)`, `load_checkpoint`, `featurize`, `finalize_features`,
# `start_scoring_checkpoint`, `score`, `finalize_scores`). Without the fast_jl CUDA kernel the `BasicProjector` is used,
# passed explicitly with two blocks (its one-block path reuses a matrix that `finalize_features` frees); the results
# go to a new temporary directory on every call.
@entry("traker", "README quickstart: TRAKer featurize / finalize_features / start_scoring_checkpoint / score / finalize_scores on a tiny classifier with a BasicProjector")
def trak_scores():
    import tempfile

    from trak import TRAKer
    from trak.projectors import BasicProjector, ProjectionType
    model = torch.nn.Sequential(torch.nn.Linear(6, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
    ckpts = [{k: v.clone() for k, v in model.state_dict().items()}]
    g = torch.Generator().manual_seed(0)
    train = [(torch.randn(4, 6, generator=g), torch.randint(0, 3, (4,), generator=g)) for _ in range(2)]
    val = [(torch.randn(4, 6, generator=g), torch.randint(0, 3, (4,), generator=g))]
    grad_dim = sum(p.numel() for p in model.parameters())

    def f():
        projector = BasicProjector(grad_dim=grad_dim, proj_dim=16, seed=0, proj_type=ProjectionType.rademacher,
                                   device="cpu", block_size=8)
        traker = TRAKer(model=model, task="image_classification", train_set_size=8, device="cpu", proj_dim=16,
                        use_half_precision=False, projector=projector, save_dir=tempfile.mkdtemp(prefix="trak-"))
        for model_id, ckpt in enumerate(ckpts):
            traker.load_checkpoint(checkpoint=ckpt, model_id=model_id)
            for batch in train:
                traker.featurize(batch=batch, num_samples=batch[0].shape[0])
        traker.finalize_features()
        for model_id, ckpt in enumerate(ckpts):
            traker.start_scoring_checkpoint(exp_name="test", checkpoint=ckpt, model_id=model_id, num_targets=4)
            for batch in val:
                traker.score(batch=batch, num_samples=batch[0].shape[0])
        return traker.finalize_scores(exp_name="test")
    return f, ()


# ==================================================== early-stopping-pytorch ==
# held-out set 16, first batch. early-stopping-pytorch (Bjarte Sunde's EarlyStopping: patience on the validation loss,
# checkpoint of the best model, verbose trace), as in its README (`early_stopping = EarlyStopping(patience=...,
# verbose=True)`, `early_stopping(val_loss, model)` after each epoch, `if early_stopping.early_stop: break`). The
# checkpoint goes to a temporary directory.
@entry("early-stopping-pytorch", "README: a training loop calling EarlyStopping(patience=2, verbose=True) on the validation loss each epoch, stopping early")
def early_stopping_pytorch_loop():
    import os
    import tempfile

    from early_stopping_pytorch import EarlyStopping
    g = torch.Generator().manual_seed(0)
    x, y = torch.randn(32, 6, generator=g), torch.randn(32, 1, generator=g)
    xv, yv = torch.randn(16, 6, generator=g), torch.randn(16, 1, generator=g)
    model = torch.nn.Sequential(torch.nn.Linear(6, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
    path = os.path.join(tempfile.mkdtemp(prefix="early-stopping-"), "checkpoint.pt")

    def f():
        early_stopping = EarlyStopping(patience=2, verbose=True, path=path)
        for epoch in range(6):
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
            with torch.no_grad():
                val_loss = torch.nn.functional.mse_loss(model(xv), yv)
            early_stopping(val_loss, model)
            if early_stopping.early_stop:
                break
        return val_loss, early_stopping.counter
    return f, ()


# ---- held-out set 16, second batch (chosen 2026-11-22 by the same helper)
PACKAGES.update({
    "diffkalman": {"dirs": ["diffkalman"], "split": "dev"},
    "pyvacy": {"dirs": ["pyvacy"], "split": "dev"},
    "pytorch-argus": {"dirs": ["argus"], "split": "dev"},
})


# ================================================================ diffkalman ==
# held-out set 16, second batch. diffkalman (a differentiable Kalman filter for non-linear systems: Jacobians by
# autograd, filtering, Rauch-Tung-Striebel smoothing, marginal likelihood, Monte Carlo expected joint log-likelihood and
# an EM loop that learns the noise covariances), as in its README (`DiffrentiableKalmanFilter(dim_x, dim_z, f, h)`,
# `sequence_filter(z_seq=..., x0=..., P0=..., Q=Q().repeat(T, 1, 1), R=R().repeat(T, 1, 1))`, `em_updates(...)`;
# `SymmetricPositiveDefiniteMatrix` takes an initial matrix, not the README's `dim=`).
@entry("diffkalman", "README: sequence_filter and sequence_smooth of a non-linear state-space model, then em_updates (2 epochs x 2 cycles) learning Q, R and the transition")
def diffkalman_em():
    from diffkalman import DiffrentiableKalmanFilter, em_updates
    from diffkalman.utils import SymmetricPositiveDefiniteMatrix

    class StateTransition(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.F = torch.nn.Parameter(torch.tensor([[1.0, 0.1], [0.0, 1.0]]))

        def forward(self, x, *args):
            return self.F @ x

    class ObservationModel(torch.nn.Module):
        def forward(self, x, *args):
            return x[:1] + 0.1 * torch.sin(x[1:])

    dkf = DiffrentiableKalmanFilter(dim_x=2, dim_z=1, f=StateTransition(), h=ObservationModel(), mc_samples=8)
    Q = SymmetricPositiveDefiniteMatrix(0.1 * torch.eye(2), trainable=True)
    R = SymmetricPositiveDefiniteMatrix(0.5 * torch.eye(1), trainable=True)
    optimizer = torch.optim.Adam([*Q.parameters(), *R.parameters(), *dkf.parameters()], lr=1e-2)
    lr_scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.9)

    def f(z, x0, P0):
        filtered = dkf.sequence_filter(z_seq=z, x0=x0, P0=P0, Q=Q().repeat(len(z), 1, 1), R=R().repeat(len(z), 1, 1))
        smoothed = dkf.sequence_smooth(z_seq=z, x0=x0, P0=P0, Q=Q().repeat(len(z), 1, 1), R=R().repeat(len(z), 1, 1))
        likelihoods = em_updates(dkf, z, x0, P0, Q, R, optimizer, lr_scheduler, num_cycles=2, num_epochs=2)
        return filtered, smoothed, likelihoods
    g = torch.Generator().manual_seed(0)
    return f, (torch.randn(10, 1, generator=g), torch.zeros(2), torch.eye(2))


# ==================================================================== pyvacy ==
# held-out set 16, second batch. PyVacy (differentially private optimizers for PyTorch: DP-SGD style gradient clipping
# and Gaussian noise on top of SGD / Adam / Adagrad / RMSprop, and a moments accountant for the privacy budget), as in
# its README (`optim.DPSGD(l2_norm_clip=..., noise_multiplier=..., batch_size=..., lr=..., momentum=...)`,
# `analysis.moments_accountant(N=..., batch_size=..., noise_multiplier=..., epochs=..., delta=...)`).
@entry("pyvacy", "README: DPSGD (momentum) and DPAdam training steps over mini-batches, then the moments accountant's epsilon")
def pyvacy_train():
    from pyvacy import analysis, optim
    g = torch.Generator().manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    model2 = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    sgd = optim.DPSGD(l2_norm_clip=1.0, noise_multiplier=1.1, batch_size=8, params=model.parameters(), lr=0.1,
                      momentum=0.9)
    adam = optim.DPAdam(l2_norm_clip=0.5, noise_multiplier=1.1, batch_size=8, params=model2.parameters(), lr=1e-3)

    def f(x, y):
        for m, opt in ((model, sgd), (model2, adam)):
            for xb, yb in zip(x.split(8), y.split(8)):
                opt.zero_grad()
                torch.nn.functional.cross_entropy(m(xb), yb).backward()
                opt.step()
        return analysis.moments_accountant(N=60000, batch_size=256, noise_multiplier=1.1, epochs=2, delta=1e-5)
    return f, (torch.randn(16, 6, generator=g), torch.randint(0, 3, (16,), generator=g))


# ===================================================================== argus ==
# held-out set 16, second batch. Argus (pytorch-argus, lRomul: a lightweight training library: `argus.Model` with
# nn_module / optimizer / loss given by name and params, `fit` with metrics and callbacks such as EarlyStopping,
# ReduceLROnPlateau and CSV logging, `validate`, `predict`), as in its README (a `MyModel(argus.Model)` with
# `nn_module`, `params = {'nn_module': {...}, 'optimizer': ('Adam', {'lr': 0.01}), 'loss': 'CrossEntropyLoss',
# 'device': ...}`, `model.fit(train_loader, val_loader=..., num_epochs=..., metrics=['accuracy'], callbacks=[...],
# metrics_on_train=True)`), with a small MLP instead of timm and tensors instead of MNIST; the CSV log goes to a
# temporary directory.
@entry("pytorch-argus", "README: argus.Model fit with accuracy metrics (also on train), EarlyStopping, ReduceLROnPlateau, LoggingToCSV; validate and predict")
def argus_fit():
    import os
    import tempfile

    import argus
    from argus.callbacks import EarlyStopping, LoggingToCSV, ReduceLROnPlateau

    class Net(torch.nn.Module):
        def __init__(self, n_in=6, n_classes=3):
            super().__init__()
            self.fc = torch.nn.Sequential(torch.nn.Linear(n_in, 16), torch.nn.ReLU(), torch.nn.Linear(16, n_classes))

        def forward(self, x):
            return self.fc(x)

    class MyModel(argus.Model):
        nn_module = Net

    g = torch.Generator().manual_seed(0)
    ds = torch.utils.data.TensorDataset(torch.randn(32, 6, generator=g), torch.randint(0, 3, (32,), generator=g))
    train_loader = torch.utils.data.DataLoader(ds, batch_size=8)
    val_loader = torch.utils.data.DataLoader(ds, batch_size=16)
    params = {"nn_module": {"n_in": 6, "n_classes": 3}, "optimizer": ("Adam", {"lr": 0.01}),
              "loss": "CrossEntropyLoss", "device": "cpu"}
    log_path = os.path.join(tempfile.mkdtemp(prefix="argus-"), "log.csv")

    def f(x):
        model = MyModel(params)
        callbacks = [EarlyStopping(monitor="val_accuracy", patience=2),
                     ReduceLROnPlateau(monitor="val_accuracy", factor=0.5, patience=1),
                     LoggingToCSV(log_path)]
        model.fit(train_loader, val_loader=val_loader, num_epochs=3, metrics=["accuracy"], callbacks=callbacks,
                  metrics_on_train=True)
        return model.validate(val_loader, metrics=["accuracy"]), model.predict(x)
    return f, (torch.randn(4, 6, generator=g),)


# ---- held-out set 16, third batch (chosen 2026-11-22 by the same helper)
PACKAGES.update({
    "warmup-scheduler": {"dirs": ["warmup_scheduler"], "split": "dev"},
    "autoclip": {"dirs": ["autoclip"], "split": "dev"},
})


# ========================================================== warmup-scheduler ==
# held-out set 16, third batch. warmup-scheduler (ildoonet/pytorch-gradual-warmup-lr: GradualWarmupScheduler, a linear
# learning-rate warm-up chained with an after-scheduler), as in its README / run.py (`GradualWarmupScheduler(optim,
# multiplier=1, total_epoch=5, after_scheduler=StepLR(...))`, `scheduler_warmup.step(epoch)` each epoch), plus the
# ReduceLROnPlateau chaining that the scheduler also supports (`step(epoch, metrics=val_loss)`).
@entry("warmup-scheduler", "README: GradualWarmupScheduler chained with StepLR over epochs, and with ReduceLROnPlateau fed the validation loss")
def warmup_scheduler_steps():
    from torch.optim.lr_scheduler import ReduceLROnPlateau, StepLR

    from warmup_scheduler import GradualWarmupScheduler
    g = torch.Generator().manual_seed(0)
    x, y = torch.randn(16, 4, generator=g), torch.randn(16, 1, generator=g)
    model = torch.nn.Linear(4, 1)

    def f():
        optim = torch.optim.SGD(model.parameters(), lr=0.1)
        scheduler_warmup = GradualWarmupScheduler(optim, multiplier=1, total_epoch=3,
                                                  after_scheduler=StepLR(optim, step_size=2, gamma=0.1))
        optim2 = torch.optim.SGD(model.parameters(), lr=0.05)
        plateau_warmup = GradualWarmupScheduler(optim2, multiplier=2, total_epoch=2,
                                                after_scheduler=ReduceLROnPlateau(optim2, patience=0))
        optim.zero_grad()
        optim.step()
        lrs = []
        for epoch in range(1, 7):
            scheduler_warmup.step(epoch)
            optim.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            optim.step()
            plateau_warmup.step(epoch, metrics=loss.detach())
            lrs.append((optim.param_groups[0]["lr"], optim2.param_groups[0]["lr"]))
        return lrs
    return f, ()


# ================================================================== autoclip ==
# held-out set 16, third batch. autoclip (Seetharaman et al.'s AutoClip: adaptive gradient clipping at a quantile of the
# running history of gradient norms, per parameter or global), as in its README's torch API (`QuantileClip.as_optimizer(
# optimizer=torch.optim.AdamW(...), quantile=0.9, history_length=1000)`, and a raw `QuantileClip(model.parameters(),
# ...)` whose `step()` runs before the optimizer's).
@entry("autoclip", "README: QuantileClip wrapping AdamW (per-parameter quantile) and a raw global QuantileClip stepped before SGD, a few training steps")
def autoclip_steps():
    from autoclip.torch import QuantileClip
    g = torch.Generator().manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2))
    model2 = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2))
    optimizer = QuantileClip.as_optimizer(optimizer=torch.optim.AdamW(model.parameters()), quantile=0.9,
                                          history_length=1000)
    optimizer2 = torch.optim.SGD(model2.parameters(), lr=0.1)
    clipper = QuantileClip(model2.parameters(), quantile=0.8, history_length=100, global_threshold=True)

    def f(x, y):
        for _ in range(2):
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
            optimizer2.zero_grad()
            torch.nn.functional.cross_entropy(model2(x), y).backward()
            clipper.step()
            optimizer2.step()
        return model[0].weight.detach().sum(), model2[0].weight.detach().sum()
    return f, (torch.randn(8, 6, generator=g), torch.randint(0, 2, (8,), generator=g))


# ---- held-out set 16, third batch: a second adversarial-robustness-toolbox entry point
# ART's evasion-attack and defence docs: Carlini-Wagner L2, elastic-net (EAD) and JSMA attacks, adversarial training
# with FGSM examples (`AdversarialTrainer(classifier, attacks=..., ratio=0.5).fit(...)`) and the empirical robustness
# metric. (PGD, BoundaryAttack and HopSkipJump are not used: PGD recorded `compile-error` in the first collect, and the
# two black-box attacks fail eagerly on this classifier with a float64 / float32 mismatch.)
@entry("adversarial-robustness-toolbox", "docs: CarliniL2Method, ElasticNet and SaliencyMapMethod attacks, AdversarialTrainer with FGSM, empirical_robustness")
def art_attacks_defences():
    import numpy as np
    from art.attacks.evasion import CarliniL2Method, ElasticNet, FastGradientMethod, SaliencyMapMethod
    from art.defences.trainer import AdversarialTrainer
    from art.estimators.classification import PyTorchClassifier
    from art.metrics import empirical_robustness
    model = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3), torch.nn.ReLU(), torch.nn.Flatten(),
                                torch.nn.Linear(4 * 6 * 6, 3))
    classifier = PyTorchClassifier(model=model, clip_values=(0.0, 1.0), loss=torch.nn.CrossEntropyLoss(),
                                   optimizer=torch.optim.Adam(model.parameters(), lr=0.01), input_shape=(1, 8, 8),
                                   nb_classes=3)
    rng = np.random.default_rng(1)
    x = rng.random((8, 1, 8, 8), dtype=np.float32)
    y = np.eye(3, dtype=np.float32)[rng.integers(0, 3, 8)]

    def f(x, y):
        x_cw = CarliniL2Method(classifier, max_iter=2, binary_search_steps=2, verbose=False).generate(x=x[:2])
        x_ead = ElasticNet(classifier, max_iter=2, binary_search_steps=1, verbose=False).generate(x=x[:2])
        x_jsma = SaliencyMapMethod(classifier, theta=0.1, gamma=0.1, verbose=False).generate(x=x[:2])
        AdversarialTrainer(classifier, attacks=FastGradientMethod(classifier, eps=0.1), ratio=0.5).fit(
            x, y, nb_epochs=1, batch_size=4)
        robustness = empirical_robustness(classifier, x[:4], "fgsm", attack_params={"eps": 0.1})
        return x_cw, x_ead, x_jsma, robustness
    return f, (x, y)


# ---- held-out set 17, first batch (chosen 2026-11-22 by a helper session)
PACKAGES.update({
    "svgd": {"dirs": ["svgd"], "split": "dev"},
    "torchmanager": {"dirs": ["torchmanager", "torchmanager_core"], "split": "dev"},
    "pytorch-influence-functions": {"dirs": ["pytorch_influence_functions"], "split": "dev"},
    "Mixture-Density-Nets": {"dirs": ["mixture_density_nets"], "split": "dev"},
    "toma": {"dirs": ["toma"], "split": "dev"},
    "pytorch-revgrad": {"dirs": ["pytorch_revgrad"], "split": "dev"},
})


# ====================================================================== svgd ==
# held-out set 17, first batch. svgd (Stein variational gradient descent and MET-SVGD: particle-based variational
# inference with RBF kernels, heuristic / learnable bandwidths and step sizes, Metropolis-Hastings divergence control,
# log-density tracking and callbacks), as in its README's vanilla and MET-SVGD examples (`SVGD(target_distribution=
# TorchDistribution(MultivariateNormal(...)), initial_distribution=Gaussian(...), kernel=RBF(...), lr=ParameterLR(...),
# divergence_control="metropolis-hastings", bound_lr=True)`, `sample` / `sample_with_log_q`, an Adam step on the KL
# loss), plus the `SamplingBreaker` callback; tiny particle counts and step numbers.
@entry("svgd", "README: vanilla SVGD sample (median heuristic) with a SamplingBreaker callback, MET-SVGD sample_with_log_q and an Adam step on the KL loss")
def svgd_sample():
    from math import log, sqrt

    from torch.distributions import MultivariateNormal

    from svgd import SVGD
    from svgd.callbacks import SamplingBreaker
    from svgd.distributions import Gaussian, TorchDistribution
    from svgd.kernels import RBF
    from svgd.kernels.parameters import HeuristicKP, ParameterKP
    from svgd.lrs import ParameterLR
    d = 3
    target = TorchDistribution(MultivariateNormal(torch.zeros(d), torch.eye(d)))
    init = Gaussian(torch.ones(d).mul(2), torch.ones(d))
    init.requires_grad_(False)
    lr = ParameterLR(torch.tensor(0.1))
    lr.requires_grad_(False)
    vanilla = SVGD(target_distribution=target, initial_distribution=init, kernel=RBF(HeuristicKP("median")), lr=lr,
                   divergence_control="metropolis-hastings", bound_lr=True, callbacks=[SamplingBreaker(1e-3, 3)])
    kernel = RBF(ParameterKP(torch.tensor(1.0).log(), lambda x: x.clamp(log(1e-2), log(sqrt(d / 2))).exp()))
    met = SVGD(target_distribution=target, initial_distribution=Gaussian(torch.ones(d).mul(2), torch.ones(d)).requires_grad_(True),
               kernel=kernel.requires_grad_(True), lr=ParameterLR(torch.tensor(0.1).log(), lambda x: x.exp()).requires_grad_(True),
               divergence_control="metropolis-hastings", bound_lr=True)
    optimizer = torch.optim.Adam(met.parameters(), 5e-2)

    def f():
        x = vanilla.sample(n_particles=8, n_steps=4)[0]
        x2, mask, log_q = met.sample_with_log_q(n_particles=8, n_steps=3)
        entropy = log_q.mul(mask).sum(-1).div(mask.sum(-1)).mul(-1)
        log_p = target.log_prob(x2).mul(mask).sum(-1).div(mask.sum(-1))
        loss = entropy.add(log_p).mul(-1)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        return x, loss.detach()
    return f, ()


# ============================================================== torchmanager ==
# held-out set 17, first batch. torchmanager (kisonho's PyTorch training manager: `Manager(model, optimizer, loss_fn=...,
# metrics=...)`, `fit` with a validation set, `test`, `predict`, torchmanager losses and metrics), as in its README
# (`torchmanager.Manager(model, optimizer, loss_fn=torchmanager.losses.CrossEntropy(), metrics={'accuracy':
# torchmanager.metrics.SparseCategoricalAccuracy()})`, `manager.fit(training_dataset, epochs=..., val_dataset=...,
# show_verbose=...)`, `manager.test(...)`), with DataLoaders over random tensors.
@entry("torchmanager", "README: Manager fit (2 epochs, validation, CrossEntropy loss, a wrapped accuracy metric), test and predict of a small MLP")
def torchmanager_fit():
    import torchmanager
    g = torch.Generator().manual_seed(0)
    ds = torch.utils.data.TensorDataset(torch.randn(24, 6, generator=g), torch.randint(0, 3, (24,), generator=g))
    train_loader = torch.utils.data.DataLoader(ds, batch_size=8)
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    # SparseCategoricalAccuracy fails in torchmanager 1.5 (its forward reads an unset `_dim`), so the accuracy is a
    # function wrapped with the library's `metrics.metric` decorator
    accuracy = torchmanager.metrics.metric(lambda y, t: y.argmax(1).eq(t).float().mean())
    manager = torchmanager.Manager(model, optimizer, loss_fn=torchmanager.losses.CrossEntropy(),
                                   metrics={"accuracy": accuracy})

    def f():
        manager.fit(train_loader, epochs=2, val_dataset=train_loader, device=torch.device("cpu"))
        summary = manager.test(train_loader, device=torch.device("cpu"))
        preds = manager.predict(train_loader, device=torch.device("cpu"))
        return summary, preds
    return f, ()


# =============================================== pytorch-influence-functions ==
# held-out set 17, first batch. pytorch-influence-functions (nimarb: Koh & Liang's influence functions, `s_test` by a
# stochastic LiSSA recursion of Hessian-vector products, per-training-sample `grad_z`, influence ranking into harmful /
# helpful samples), as in its README's core call `calc_influence_single(model, train_loader, test_loader, test_id_num,
# gpu, recursion_depth, r)` (on the CPU: gpu=-1) on a tiny classifier.
@entry("pytorch-influence-functions", "README: calc_influence_single (s_test LiSSA recursion with HVPs, grad_z per training sample, harmful / helpful ranking) on a tiny classifier")
def influence_single():
    from pytorch_influence_functions.calc_influence_function import calc_influence_single
    g = torch.Generator().manual_seed(0)
    train = torch.utils.data.TensorDataset(torch.randn(6, 4, generator=g), torch.randint(0, 3, (6,), generator=g))
    test = torch.utils.data.TensorDataset(torch.randn(3, 4, generator=g), torch.randint(0, 3, (3,), generator=g))
    train_loader = torch.utils.data.DataLoader(train, batch_size=1)
    test_loader = torch.utils.data.DataLoader(test, batch_size=1)
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 3))

    def f():
        influence, harmful, helpful, test_id = calc_influence_single(model, train_loader, test_loader, test_id_num=1,
                                                                     gpu=-1, recursion_depth=3, r=1)
        return influence, harmful, helpful
    return f, ()


# ====================================================== Mixture-Density-Nets ==
# held-out set 17, first batch. Mixture-Density-Nets (a small mixture density network library: `MDN(in_dim, out_dim,
# n_components)` heads and an `MDDistribution(mu, sigma, lambda_)` with `nll` and `sample`), as in its README (`mu,
# sigma, lambda_ = mdn(net(x))`, `dist.nll(targets).mean()`, `dist.sample(n=20)`), with a backward pass.
@entry("Mixture-Density-Nets", "README: MDN head on a small net, MDDistribution nll with backward, and sample(n=20)")
def mdn_nll_sample():
    from mixture_density_nets import MDDistribution, MDN
    net = torch.nn.Sequential(torch.nn.Linear(3, 16), torch.nn.Tanh())
    mdn = MDN(16, 2, 4)

    def f(x, y):
        mu, sigma, lambda_ = mdn(net(x))
        dist = MDDistribution(mu, sigma, lambda_)
        loss = dist.nll(y).mean()
        loss.backward()
        samples, clusters = dist.sample(n=20)
        return loss.detach(), samples, clusters
    g = torch.Generator().manual_seed(0)
    return f, (torch.randn(8, 3, generator=g), torch.randn(8, 2, generator=g))


# ====================================================================== toma ==
# held-out set 17, first batch. toma (BlackHC's "torch memory-adaptive algorithms": decorators that run a function over
# batches / ranges / chunks and halve the batch size on out-of-memory errors, with a batch-size cache keyed by the call
# stack), as in its README (`@toma.batch(initial_batchsize=...)`, `@toma.range(initial_step=...)`, `toma.chunked(
# func, tensor, initial_step)`, `toma.explicit.batch(...)`).
@entry("toma", "README: toma.batch, toma.range and toma.chunked decorators and explicit.batch over a pairwise-distance / matmul workload")
def toma_batches():
    from toma import explicit, toma
    g = torch.Generator().manual_seed(0)
    w = torch.randn(8, 8, generator=g)

    @toma.batch(initial_batchsize=16)
    def run_batched(batchsize, x, out):
        for i in range(0, x.shape[0], batchsize):
            out[i:i + batchsize] = torch.tanh(x[i:i + batchsize] @ w)

    @toma.range(initial_step=8)
    def run_range(start, end, x, out):
        out[start:end] = torch.cdist(x[start:end], x).min(-1).values

    def f(x):
        out1 = torch.empty(x.shape[0], 8)
        run_batched(x, out1)
        out2 = torch.empty(x.shape[0])
        run_range(0, x.shape[0], x, out2)
        out3 = torch.empty_like(x)

        def chunk_fn(chunk, start, end):
            out3[start:end] = chunk.softmax(-1)
        toma.chunked(chunk_fn, initial_step=8)(x)
        out4 = torch.empty(x.shape[0], 8)
        explicit.batch(lambda bs, x, out: out.copy_(x @ w), 32, x, out4)
        return out1, out2, out3, out4
    return f, (torch.randn(20, 8, generator=g),)


# =========================================================== pytorch-revgrad ==
# held-out set 17, first batch. pytorch-revgrad (a gradient reversal layer for domain-adversarial training: the `RevGrad`
# module and its autograd function), as in its README (`torch.nn.Sequential(..., RevGrad(), ...)` in a domain
# classifier branch, here with a configurable `alpha`), trained for a step.
@entry("pytorch-revgrad", "README: RevGrad layer (default and alpha=0.5) in a DANN-style domain-classifier branch, one training step")
def revgrad_dann():
    from pytorch_revgrad import RevGrad
    features = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU())
    label_head = torch.nn.Linear(16, 3)
    domain_head = torch.nn.Sequential(RevGrad(), torch.nn.Linear(16, 8), torch.nn.ReLU(), RevGrad(alpha=0.5),
                                      torch.nn.Linear(8, 2))
    params = [*features.parameters(), *label_head.parameters(), *domain_head.parameters()]
    opt = torch.optim.SGD(params, lr=0.1)

    def f(x, y, d):
        opt.zero_grad()
        h = features(x)
        loss = torch.nn.functional.cross_entropy(label_head(h), y) + \
            torch.nn.functional.cross_entropy(domain_head(h), d)
        loss.backward()
        opt.step()
        return loss.detach()
    g = torch.Generator().manual_seed(0)
    return f, (torch.randn(8, 6, generator=g), torch.randint(0, 3, (8,), generator=g), torch.randint(0, 2, (8,), generator=g))


# ---- held-out set 17, second batch (chosen 2026-11-22 by a helper session)
PACKAGES.update({
    "rtdl-num-embeddings": {"dirs": ["rtdl_num_embeddings"], "split": "dev"},
    "dagma": {"dirs": ["dagma"], "split": "dev"},
    "pythae": {"dirs": ["pythae"], "split": "dev"},
    "calibrator": {"dirs": ["calibrator"], "split": "dev"},
    "betty-ml": {"dirs": ["betty"], "split": "dev"},
})


# ======================================================= rtdl-num-embeddings ==
# held-out set 17, second batch. rtdl-num-embeddings (Yandex Research's embeddings for numerical features of tabular
# data: linear / linear-ReLU, periodic and piecewise-linear embeddings with quantile or decision-tree bins), as in its
# README (`compute_bins(X_train)`, `compute_bins(X, y=Y, regression=True, tree_kwargs=...)`,
# `PiecewiseLinearEmbeddings(bins, d_embedding, activation=False, version="B")`, `PeriodicEmbeddings(n_features,
# lite=False)`, `LinearReLUEmbeddings(n_features)`) in a small MLP over the flattened embeddings.
@entry("rtdl-num-embeddings", "README: quantile compute_bins (tree-based bins in the builder), PiecewiseLinearEncoding / Embeddings, PeriodicEmbeddings and LinearReLUEmbeddings in an MLP with a backward pass")
def rtdl_num_embeddings_mlp():
    from rtdl_num_embeddings import (LinearReLUEmbeddings, PeriodicEmbeddings, PiecewiseLinearEmbeddings,
                                     PiecewiseLinearEncoding, compute_bins)
    n_features = 3
    x_train = torch.randn(256, n_features)
    y_train = x_train.sum(1) + 0.1 * torch.randn(256)
    x = torch.randn(16, n_features)

    # the tree-based bins are computed by sklearn's DecisionTreeRegressor (not torch code): in the builder
    tree_bins = compute_bins(x_train, n_bins=8, y=y_train, regression=True,
                             tree_kwargs={"min_samples_leaf": 16, "min_impurity_decrease": 1e-4})

    def f():
        bins = compute_bins(x_train, n_bins=8)
        enc = PiecewiseLinearEncoding(bins)(x)
        embs = [PiecewiseLinearEmbeddings(tree_bins, 4, activation=False, version="B"),
                PeriodicEmbeddings(n_features, d_embedding=4, lite=False),
                LinearReLUEmbeddings(n_features, d_embedding=4)]
        head = torch.nn.Linear(3 * n_features * 4 + enc.shape[1], 1)
        h = torch.cat([e(x).flatten(1) for e in embs] + [enc], dim=1)
        loss = head(h).squeeze(-1).sub(x.sum(1)).pow(2).mean()
        loss.backward()
        return loss.detach()
    return f, ()


# ===================================================================== dagma ==
# held-out set 17, second batch. dagma (DAGs via M-matrices and a log-determinant acyclicity characterization: causal
# structure learning with a central-path method of several penalty steps, each an Adam loop with checkpointed
# convergence checks), as in its README (`DagmaMLP(dims=[d, 10, 1], bias=True, dtype=torch.double)`,
# `DagmaNonlinear(eq_model, dtype=torch.double).fit(X, lambda1=0.02, lambda2=0.005)`), with tiny iteration counts.
@entry("dagma", "README: DagmaNonlinear(DagmaMLP).fit on a small random data set (2 central-path steps, a few dozen Adam iterations)")
def dagma_nonlinear_fit():
    from dagma.nonlinear import DagmaMLP, DagmaNonlinear
    d = 4
    X = torch.randn(40, d, dtype=torch.double)
    X[:, 1] += torch.sin(X[:, 0])
    X[:, 3] += X[:, 2] ** 2

    def f():
        eq_model = DagmaMLP(dims=[d, 6, 1], bias=True, dtype=torch.double)
        model = DagmaNonlinear(eq_model, dtype=torch.double)
        return model.fit(X, lambda1=0.02, lambda2=0.005, T=2, warm_iter=20, max_iter=30, checkpoint=10)
    return f, ()


# ==================================================================== pythae ==
# held-out set 17, second batch. pythae (a unified library of autoencoder models: VAE variants, importance-weighted,
# hyperspherical, Poincare, Riemannian-Hamiltonian and vector-quantized VAEs, with a trainer and samplers), as in its
# README (`VAEConfig(input_dim=(1, 28, 28), latent_dim=16)`, `VAE(model_config=...)`, `model(inputs)` returning a
# `ModelOutput` with the loss, `NormalSampler(model=...).sample(num_samples=...)`); the default MLP encoders /
# decoders, 8x8 inputs. Left out (see README.md, set 17 second batch): RHVAE, HVAE and RAE_GP (their forward takes a
# double backward, which torch.compile rejects), VQVAE and VAE_LinNF and the README's TrainingPipeline / trainer
# (under torch.compile their attribute reads of the library's ModelOutput dict fail: `compile-error`), and a second
# models entry point (VAMP, INFOVAE_MMD, WAE_MMD, CIWAE, MIWAE, VAE_IAF) that was `compile-error` in the collect.
@entry("pythae", "README: forward / backward of VAE, BetaTCVAE, IWAE, SVAE and PoincareVAE with the default MLP networks, and NormalSampler.sample")
def pythae_models():
    from pythae.models import (IWAE, SVAE, VAE, BetaTCVAE, BetaTCVAEConfig, IWAEConfig, PoincareVAE,
                               PoincareVAEConfig, SVAEConfig, VAEConfig)
    from pythae.samplers import NormalSampler
    dims = dict(input_dim=(1, 8, 8), latent_dim=4)
    models = [VAE(VAEConfig(**dims)), BetaTCVAE(BetaTCVAEConfig(**dims)), IWAE(IWAEConfig(**dims, number_samples=3)),
              SVAE(SVAEConfig(**dims)), PoincareVAE(PoincareVAEConfig(**dims))]
    x = torch.rand(6, 1, 8, 8)

    def f():
        losses = []
        for m in models:
            out = m({"data": x}, epoch=1, dataset_size=6)
            out["loss"].backward()
            losses.append(out["loss"].detach())
        samples = NormalSampler(model=models[0]).sample(num_samples=4)
        return losses, samples
    return f, ()


# ================================================================ calibrator ==
# held-out set 17, second batch. calibrator (post-hoc calibration of classifiers: temperature scaling fitted with
# L-BFGS, logit clipping with a cross-validated threshold, the consistency calibrator's noise-perturbed majority vote,
# and ECE / adaptive ECE / classwise ECE / NLL / accuracy metrics), as in its README (`calibrator.fit(val_logits,
# val_labels)`, `calibrator.calibrate(test_logits)`, `ECE()(logits=..., labels=...)`). Every `fit` of calibrator
# 0.0.13 moves its criterion (and itself) to CUDA with `.cuda()`, so the temperature, the clipping threshold and the
# consistency epsilon are set by hand and only `calibrate` and the metrics run.
@entry("calibrator", "README: TemperatureScaling and LogitClipping calibrate (parameters set by hand: fit needs CUDA), ConsistencyCalibrator calibrate (fixed eps, Gaussian and uniform noise), ECE / AdaptiveECE / ClasswiseECE / NLL / Accuracy")
def calibrator_calibrate_metrics():
    from calibrator import ConsistencyCalibrator, LogitClippingCalibrator, TemperatureScalingCalibrator
    from calibrator.metrics import ECE, NLL, Accuracy, AdaptiveECE, ClasswiseECE
    test_logits, test_labels = torch.randn(32, 5) * 3, torch.randint(0, 5, (32,))

    ts = TemperatureScalingCalibrator()
    with torch.no_grad():
        ts.temperature.fill_(1.5)
    lc = LogitClippingCalibrator()
    lc.logit_clip = 2.0

    def f():
        cc = ConsistencyCalibrator(num_samples=20)
        probs = [ts.calibrate(test_logits), lc.calibrate(test_logits),
                 cc.calibrate(test_logits, eps=0.5, noise_type="gaussian"),
                 cc.calibrate(test_logits, eps=0.5, noise_type="uniform")]
        metrics = [ECE(n_bins=5), AdaptiveECE(n_bins=5), ClasswiseECE(n_bins=5)]
        out = [m(softmaxes=p, labels=test_labels) for m in metrics for p in probs]
        out += [NLL()(logits=test_logits, labels=test_labels), Accuracy()(logits=test_logits, labels=test_labels)]
        return out
    return f, ()


# ================================================================== betty-ml ==
# held-out set 17, second batch. betty-ml (Betty: generalized meta-learning / multilevel optimization with automatic
# differentiation through unrolled inner steps: `ImplicitProblem`s connected by upper-to-lower / lower-to-upper
# dependencies, an `Engine` that runs them, and DARTS / Neumann / CG / reinforce hypergradients), as in its README's
# data-reweighting example (an outer `ImplicitProblem` whose module weights per-sample inner losses, an inner classifier
# problem, `Config(type="darts", unroll_steps=1)`, `EngineConfig(train_iters=...)`, `Engine(config=...,
# problems=[outer, inner], dependencies={"l2u": ..., "u2l": ...}).run()`, an `Engine` subclass with a `validation()`
# method and `valid_step`), on random data, also with the Neumann and CG hypergradients.
@entry("betty-ml", "README: data-reweighting bilevel problem (outer reweighting net, inner classifier), an Engine subclass with validation(), run with DARTS, Neumann and CG hypergradients, a few iterations")
def betty_reweighting():
    import torch.nn.functional as F

    from betty.configs import Config, EngineConfig
    from betty.engine import Engine
    from betty.problems import ImplicitProblem
    g = torch.Generator().manual_seed(0)
    ds = torch.utils.data.TensorDataset(torch.randn(32, 6, generator=g), torch.randint(0, 3, (32,), generator=g))

    class Outer(ImplicitProblem):
        def training_step(self, batch):
            inputs, labels = batch
            return F.cross_entropy(self.inner(inputs), labels)

    class Inner(ImplicitProblem):
        def training_step(self, batch):
            inputs, labels = batch
            loss = F.cross_entropy(self.forward(inputs), labels, reduction="none")
            weights = self.outer(loss.detach().unsqueeze(1))
            return (loss * weights.squeeze(1)).mean()

    class ReweightingEngine(Engine):
        # the README's engine subclass with a validation() method (run every valid_step iterations)
        @torch.no_grad()
        def validation(self):
            x, target = ds.tensors
            acc = (self.inner(x).argmax(dim=1) == target).float().mean()
            return {"acc": acc}

    def run(kind):
        outer_net = torch.nn.Sequential(torch.nn.Linear(1, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1), torch.nn.Sigmoid())
        inner_net = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
        outer = Outer(name="outer", module=outer_net, optimizer=torch.optim.Adam(outer_net.parameters(), 1e-3),
                      train_data_loader=torch.utils.data.DataLoader(ds, batch_size=8),
                      config=Config(type=kind, first_order=True))
        inner = Inner(name="inner", module=inner_net, optimizer=torch.optim.SGD(inner_net.parameters(), 0.1),
                      train_data_loader=torch.utils.data.DataLoader(ds, batch_size=8), config=Config(unroll_steps=1))
        engine = ReweightingEngine(config=EngineConfig(train_iters=4, valid_step=2), problems=[outer, inner],
                                   dependencies={"l2u": {inner: [outer]}, "u2l": {outer: [inner]}})
        engine.run()
        return inner_net[0].weight.detach()

    def f():
        return run("darts"), run("neumann"), run("cg")
    return f, ()


# ---- held-out set 17, third batch (chosen 2026-11-22 by a helper session)
PACKAGES.update({
    "pydrobert-pytorch": {"dirs": ["pydrobert"], "split": "dev"},
    "torch-linops": {"dirs": ["linops"], "split": "dev"},
})


# ========================================================= pydrobert-pytorch ==
# held-out set 17, third batch. pydrobert-pytorch (Sean Robertson's PyTorch utilities for speech: SpecAugment,
# auto-regressive beam search / random-walk decoding, n-gram lookup language models, edit-distance error rates,
# optimal-completion distillation and minimum-error-rate losses, attention layers), as in its docstrings' examples
# (an RNN-cell decoder stepped with `beam_search_advance(logits_t, W, score, y, eos)` with an LM added to the logits,
# `SpecAugment(...)(feats, lengths)`, `error_rate(ref, hyp, eos=...)`, `HardOptimalCompletionDistillationLoss(eos=...)(
# logits, ref, hyp)`, `MinimumErrorRateLoss(eos=...)(log_probs, ref, hyp)` over the beam).
@entry("pydrobert-pytorch", "docstrings: SpecAugment on filter-bank features, RNN-cell beam search with a bigram LookupLanguageModel, random_walk_advance sampling, error_rate, HardOptimalCompletionDistillationLoss and MinimumErrorRateLoss with a backward pass")
def pydrobert_decode_losses():
    from pydrobert.torch.layers import (HardOptimalCompletionDistillationLoss, LookupLanguageModel,
                                        MinimumErrorRateLoss, SpecAugment)
    from pydrobert.torch.util import beam_search_advance, error_rate, random_walk_advance
    N, F, C, T, W, H, eos = 3, 8, 6, 5, 3, 12, 0
    g = torch.Generator().manual_seed(0)
    feats = torch.randn(N, 24, F, generator=g)
    lengths = torch.tensor([24, 20, 16])
    spec = SpecAugment(max_time_warp=0.0, max_freq_warp=0.0, max_time_mask=4, max_freq_mask=2, num_time_mask=2,
                       num_freq_mask=1)
    enc = torch.nn.GRU(F, H)
    cell = torch.nn.RNNCell(H + 1, H)
    ff = torch.nn.Linear(H, C)
    uni = {i: (-1.8, -0.1) for i in range(C)}
    bi = {(i, j): -1.5 - 0.1 * ((i + j) % 3) for i in range(C) for j in range(C)}
    lm = LookupLanguageModel(C, sos=C, eos=eos, prob_list=[uni, bi])
    ref = torch.randint(1, C, (T, N), generator=g)
    ref[-1] = eos
    hocd = HardOptimalCompletionDistillationLoss(eos=eos)
    mer = MinimumErrorRateLoss(eos=eos)

    def f():
        x = spec(feats, lengths)
        h, _ = enc(x.transpose(0, 1))
        ctx = h.mean(0)
        y = torch.full((1, N, 1), C, dtype=torch.long)
        h_t = ctx.unsqueeze(1)
        score, all_logits = None, []
        for _ in range(T):
            y_tm1 = y[-1]
            old_width = y_tm1.shape[-1]
            x_t = torch.cat([ctx.unsqueeze(1).expand(N, old_width, H), y_tm1.unsqueeze(2).float()], -1)
            h_t = cell(x_t.reshape(N * old_width, H + 1), h_t.expand(N, old_width, H).reshape(N * old_width, H))
            h_t = h_t.view(N, old_width, H)
            logits_t = torch.nn.functional.log_softmax(ff(h_t), -1)
            lm_logits = lm(y[1:].flatten(1)).view(N, old_width, C) if y.shape[0] > 1 else 0.0
            logits_t = logits_t + 0.3 * lm_logits
            score, y, s_t = beam_search_advance(logits_t, W, score, y, eos, distribution=False)
            h_t = h_t.gather(1, s_t.unsqueeze(-1).expand(N, W, H))
            all_logits.append(ff(h_t[:, 0]))
        hyps = y[1:]  # (T, N, W)
        er = error_rate(ref, hyps[..., 0], eos=eos)
        loss = hocd(torch.stack(all_logits), ref, hyps[..., 0]) + \
            mer(torch.log_softmax(score, -1), ref, hyps)
        loss.backward()
        samp = random_walk_advance(ff(ctx), 4)
        return loss.detach(), er, samp
    return f, ()


# ============================================================== torch-linops ==
# held-out set 17, third batch. torch-linops (imports as `linops`; Parth Nobel's abstract linear operators for PyTorch:
# operator algebra, indexing / stacking, automatic adjoints, matrix-free CG / MINRES / LSQR solves, Hutchinson / Hutch++
# / XTrace trace estimation, stochastic equilibration and randomized Nystrom preconditioning), as in its README
# (`aslinearoperator(M)`, `A + B`, `A @ B`, `c * A`, `A[k:l, m:n]`, `vstack` / `hstack`, `DiagonalOperator`,
# `IdentityOperator`, `A.solve_I_p_lambda_AT_A_x_eq_b(lambda_, b, precondition="nystrom")`, `minres(A, b)` for a
# symmetric operator, `linops.trace.hutchinson(A, m)` / `hutchpp(A, m)`), with tiny sizes. The README marks
# `equilibrate` as unfinished (it calls `torch.randint` with an int size, which torch rejects): left out.
@entry("torch-linops", "README: operator algebra / indexing / stacking, CG solve of (I + lambda A^T A) x = b (plain and Nystrom-preconditioned), MINRES solve of a symmetric operator, LSQR and Hutchinson / Hutch++ trace estimates")
def torch_linops_solves():
    import linops as lo
    from linops.lsqr import lsqr
    from linops.minres import minres
    from linops.trace import hutchinson, hutchpp
    g = torch.Generator().manual_seed(0)
    M = torch.randn(12, 8, generator=g)
    S = torch.randn(8, 8, generator=g)
    S = S @ S.T + 8 * torch.eye(8)
    b = torch.randn(8, generator=g)
    b12 = torch.randn(12, generator=g)

    def f():
        A = lo.aslinearoperator(M)
        P = lo.aslinearoperator(S)
        D = lo.DiagonalOperator(torch.linspace(1.0, 2.0, 8))
        B = 2.0 * P + D @ lo.IdentityOperator(8) - P / 4
        stacked = lo.vstack([A, B]) @ b
        sub = A[2:10, 1:7] @ b[1:7]
        x_cg = A.solve_I_p_lambda_AT_A_x_eq_b(0.5, b)
        x_ny = lo.aslinearoperator(M.clone()).solve_I_p_lambda_AT_A_x_eq_b(0.5, b, precondition="nystrom")
        x_mr = minres(B, b, verbose=False)
        x_ls = lsqr(A, b12, iter_lim=20)
        tr = hutchinson(B, m=16), hutchpp(B, m=12)
        return stacked, sub, x_cg, x_ny, x_mr, x_ls, tr
    return f, ()


# ---- held-out set 17, fourth batch (chosen 2026-11-22 by a helper session)
PACKAGES.update({
    "stable-baselines3": {"dirs": ["stable_baselines3"], "split": "dev"},
    "sb3-contrib": {"dirs": ["sb3_contrib"], "split": "dev"},
    "shap": {"dirs": ["shap"], "split": "dev"},
})


# ========================================================= stable-baselines3 ==
# held-out set 17, fourth batch. stable-baselines3 (DLR-RM's reinforcement-learning algorithms: PPO, A2C, DQN, SAC,
# TD3 with rollout / replay buffers, policies and `learn` / `predict`), as in its README
# (`PPO("MlpPolicy", "CartPole-v1").learn(total_timesteps=...)`, `model.predict(obs, deterministic=True)`), with tiny
# networks and a few dozen environment steps on gymnasium's classic-control environments (no rendering).
@entry("stable-baselines3", "README: PPO and A2C on CartPole-v1 and PPO on Pendulum-v1 (Gaussian policy), learn() for a few dozen steps with tiny MLP policies, then predict()")
def sb3_learn_predict():
    from stable_baselines3 import A2C, PPO
    kw = dict(policy_kwargs=dict(net_arch=[16]), seed=0, verbose=0, device="cpu")
    ppo = PPO("MlpPolicy", "CartPole-v1", n_steps=32, batch_size=16, n_epochs=2, **kw)
    a2c = A2C("MlpPolicy", "CartPole-v1", n_steps=8, **kw)
    ppo_pend = PPO("MlpPolicy", "Pendulum-v1", n_steps=32, batch_size=16, n_epochs=2, **kw)

    def f():
        out = []
        for model in (ppo, a2c, ppo_pend):
            model.learn(total_timesteps=48)
            obs = model.get_env().reset()
            out.append(model.predict(obs, deterministic=True)[0])
        return out
    return f, ()


# The docs' `VecNormalize` wrapper is left out: its observation normalisation deep-copies the observation array, a
# fake-tensor RuntimeError under torch.compile (as the off-policy algorithms' replay-buffer `deepcopy`, which is why
# DQN / SAC / TD3 are not used).
@entry("stable-baselines3", "README / docs: PPO with gSDE, target_kl early stopping and a value clip range on Pendulum-v1, A2C with RMSprop and advantage normalisation on CartPole-v1, then evaluate_policy")
def sb3_sde_kl_evaluate():
    from stable_baselines3 import A2C, PPO
    from stable_baselines3.common.env_util import make_vec_env
    from stable_baselines3.common.evaluation import evaluate_policy
    kw = dict(policy_kwargs=dict(net_arch=[16]), seed=0, verbose=0, device="cpu")
    venv = make_vec_env("Pendulum-v1", n_envs=2, seed=0)
    ppo = PPO("MlpPolicy", venv, n_steps=16, batch_size=16, n_epochs=2, use_sde=True, sde_sample_freq=4,
              target_kl=0.001, clip_range_vf=0.2, **kw)
    a2c = A2C("MlpPolicy", "CartPole-v1", n_steps=8, use_rms_prop=True, normalize_advantage=True, **kw)

    def f():
        ppo.learn(total_timesteps=64)
        a2c.learn(total_timesteps=32)
        return evaluate_policy(a2c, a2c.get_env(), n_eval_episodes=1, deterministic=True)
    return f, ()


# =============================================================== sb3-contrib ==
# held-out set 17, fourth batch. sb3-contrib (the stable-baselines3 contrib algorithms: TRPO with conjugate-gradient
# natural gradient and a KL line search, MaskablePPO with invalid-action masks, RecurrentPPO with LSTM policies, ARS
# random search), as in its README / docs (`TRPO("MlpPolicy", "Pendulum-v1").learn(...)`, `MaskablePPO("MlpPolicy",
# InvalidActionEnvDiscrete(dim=..., n_invalid_actions=...)).learn(...)` and `predict(obs, action_masks=...)`,
# `RecurrentPPO("MlpLstmPolicy", "CartPole-v1").learn(...)` with `predict(obs, state=..., episode_start=...)`,
# `ARS("LinearPolicy", "Pendulum-v1").learn(...)`), with tiny networks and a few dozen steps.
@entry("sb3-contrib", "README / docs: TRPO on Pendulum-v1, MaskablePPO on InvalidActionEnvDiscrete with predict(action_masks=...), RecurrentPPO (MlpLstmPolicy) on CartPole-v1 with a recurrent predict, ARS on Pendulum-v1, a few dozen steps each")
def sb3_contrib_algorithms():
    import numpy as np
    from sb3_contrib import ARS, TRPO, MaskablePPO, RecurrentPPO
    from sb3_contrib.common.envs import InvalidActionEnvDiscrete
    from sb3_contrib.common.maskable.utils import get_action_masks
    kw = dict(seed=0, verbose=0, device="cpu")
    trpo = TRPO("MlpPolicy", "Pendulum-v1", n_steps=32, batch_size=16, n_critic_updates=2, cg_max_steps=5,
                policy_kwargs=dict(net_arch=[16]), **kw)
    mask_env = InvalidActionEnvDiscrete(dim=8, n_invalid_actions=3)
    mppo = MaskablePPO("MlpPolicy", mask_env, n_steps=32, batch_size=16, n_epochs=1,
                       policy_kwargs=dict(net_arch=[16]), **kw)
    rppo = RecurrentPPO("MlpLstmPolicy", "CartPole-v1", n_steps=16, batch_size=16, n_epochs=1,
                        policy_kwargs=dict(net_arch=[16], lstm_hidden_size=8), **kw)
    ars = ARS("LinearPolicy", "Pendulum-v1", n_delta=2, **kw)

    def f():
        trpo.learn(total_timesteps=32)
        mppo.learn(total_timesteps=32)
        obs, _ = mask_env.reset(seed=0)
        a, _ = mppo.predict(obs, action_masks=get_action_masks(mask_env))
        rppo.learn(total_timesteps=32)
        env = rppo.get_env()
        obs = env.reset()
        state, starts = None, np.ones((env.num_envs,), dtype=bool)
        for _ in range(3):
            act, state = rppo.predict(obs, state=state, episode_start=starts, deterministic=True)
            obs, _, dones, _ = env.step(act)
            starts = dones
        ars.learn(total_timesteps=400)
        return a, act
    return f, ()


# ====================================================================== shap ==
# held-out set 17, fourth batch. shap (Scott Lundberg's SHAP explanations; its PyTorch explainers are DeepExplainer,
# DeepLIFT-style backpropagation of multipliers through hooked modules, and GradientExplainer, expected gradients
# with local smoothing), as in its README / docs (`e = shap.DeepExplainer(model, background); e.shap_values(x)`,
# `e = shap.GradientExplainer(model, background); e.shap_values(x, ranked_outputs=2)`), on a small MLP (both
# explainers) and a small CNN in the layout of the docs' MNIST example (GradientExplainer; DeepExplainer fails eagerly
# on it with this torch, an IndexError in its hooks, and on a plain Conv2d / Flatten stack its additivity check).
@entry("shap", "README: DeepExplainer on a small MLP, GradientExplainer (local smoothing, ranked_outputs) on the MLP and a small CNN with random background data, shap_values on a few inputs")
def shap_deep_gradient():
    import shap
    torch.manual_seed(0)
    mlp = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3)).eval()

    class Net(torch.nn.Module):  # the shap PyTorch MNIST example's layout, smaller
        def __init__(self):
            super().__init__()
            self.conv = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3), torch.nn.MaxPool2d(2), torch.nn.ReLU())
            self.fc = torch.nn.Sequential(torch.nn.Linear(36, 8), torch.nn.ReLU(), torch.nn.Linear(8, 10),
                                          torch.nn.Softmax(dim=1))

        def forward(self, x):
            return self.fc(self.conv(x).view(-1, 36))
    cnn = Net().eval()
    bg, x = torch.randn(20, 6), torch.randn(3, 6)
    bg_img, x_img = torch.randn(10, 1, 8, 8), torch.randn(2, 1, 8, 8)
    grad_mlp = shap.GradientExplainer(mlp, bg, local_smoothing=0.1)
    grad_cnn = shap.GradientExplainer(cnn, bg_img)

    def f():
        return (shap.DeepExplainer(mlp, bg).shap_values(x),
                grad_mlp.shap_values(x, nsamples=20, rseed=0),
                grad_cnn.shap_values(x_img, nsamples=20, ranked_outputs=2, rseed=0))
    return f, ()


# ---- held-out set 18, first batch (chosen 2026-11-22 by a helper session)
PACKAGES.update({
    "complextorch": {"dirs": ["complextorch"], "split": "dev"},
    "torchcvnn": {"dirs": ["torchcvnn"], "split": "dev"},
    "lgatr": {"dirs": ["lgatr"], "split": "dev"},
    "complexNN": {"dirs": ["complexNN"], "split": "dev"},
    "pytorch-symbolic": {"dirs": ["pytorch_symbolic"], "split": "dev"},
    "mlp-kan": {"dirs": ["mlp_kan"], "split": "dev"},
    "torchutils": {"dirs": ["torchutils"], "split": "dev"},
    "flash-attention-softmax-n": {"dirs": ["flash_attention_softmax_n"], "split": "dev"},
    "lora-pytorch": {"dirs": ["lora_pytorch"], "split": "dev"},
})

# ============================================================== complextorch ==
# held-out set 18, first batch. complextorch (complex-valued neural networks: split / polar activations, wFM manifold
# convolutions, phase-modulated convs, complex RNNs / unitary RNNs, S4D / DSS / Mamba blocks, STFT / Gabor / Morlet
# front-ends, complex attention and transformers, variational-dropout / ARD relevance layers and masked sparse layers,
# complex losses, reference CDS / ViT / KAN / Steinmetz models), as in its docs (`complextorch.models.CDSInvariant(...)(x)`
# on complex images, `complextorch.nn.<Layer>(...)` on `torch.cfloat` tensors, `relevance.penalties(model)` added to the
# loss and `masked.deploy_masks(model, relevance.compute_ard_masks(...))`), with tiny sizes and random data.
@entry("complextorch", "docs: CDSInvariant / CDSEquivariant / CDSMSTAR, CVKAN, AnalyticNeuralNetwork with its consistency loss and complex ViTs (learned / rotary / sinusoidal positions) on random complex inputs, with a backward pass")
def complextorch_models():
    import complextorch.models as cm
    torch.manual_seed(0)
    cds_i = cm.CDSInvariant(input_channels=2, num_classes=4, prototype_size=8)
    cds_e = cm.CDSEquivariant(input_channels=2, num_classes=4, prototype_size=8)
    mstar = cm.CDSMSTAR(num_classes=4)
    kan = cm.CVKAN([6, 8, 3], num_grid=4)
    stein = cm.AnalyticNeuralNetwork(6, 12, 3, depth=2)
    vits = [cm.ViT(image_size=16, patch_size=4, in_channels=2, num_classes=4, dim=16, depth=1, heads=2, mlp_dim=32,
                   pos_encoding=p, softmax_on=s) for p, s in (("learned", "complex"), ("rotary", "real"), ("sinusoidal", "complex"))]
    x = torch.randn(2, 2, 32, 32, dtype=torch.cfloat)
    xs = torch.randn(2, 1, 88, 88, dtype=torch.cfloat)
    z = torch.randn(5, 6, dtype=torch.cfloat)
    img = torch.randn(2, 2, 16, 16, dtype=torch.cfloat)
    y = torch.randint(0, 4, (2,))

    def f():
        outs = [cds_i(x), cds_e(x), mstar(xs)]
        loss = sum(torch.nn.functional.cross_entropy(o.abs() if o.is_complex() else o, y) for o in outs)
        k = kan(z)
        s = stein(z)
        c = stein.consistency_loss(z)
        v = [m(img).abs().sum() for m in vits]
        loss = loss + k.abs().mean() + s.abs().mean() + c + sum(v)
        loss.backward()
        return loss.detach()
    return f, ()


@entry("complextorch", "docs: wFM manifold convs / ReLU / distance layer, S4D / DSS / Mamba blocks, complex GRU / LSTM / unitary RNN, spectral and magnitude pooling, STFT / iSTFT and Morlet / Gabor front-ends, complex multi-head (rotary) and holographic attention, channel attention, batch norm, KAN layer, prototypes, CoPE and a complex Transformer, with a backward pass")
def complextorch_layers():
    import complextorch.nn as cn
    torch.manual_seed(0)
    C = lambda *s: torch.randn(*s, dtype=torch.cfloat)
    wfm1 = cn.wFMConv1d(2, 3, 3)
    wfm2 = cn.wFMConv2d(2, 3, (3, 3), weight_dropout=0.1)
    wrelu = cn.wFMReLU(3)
    wdist = cn.wFMDistanceLinear(30)
    s4d, dss = cn.S4DBlock(4, state_size=8), cn.S4DBlock(4, state_size=8, variant="dss")
    mamba = cn.MambaBlock(4, state_size=4)
    urnn = cn.UnitaryRNN(4, 6, batch_first=True)
    gru = cn.GRU(4, 6, bidirectional=True, batchnorm=True)
    lstm = cn.LSTM(4, 6, num_layers=2)
    spool = cn.SpectralPool2d((4, 4))
    mpool = cn.MagMaxPool2d(2)
    stft, istft = cn.STFT(16, 4), cn.InverseSTFT(16, 4)
    morlet, gabor = cn.MorletConv1d(1, 3, 9), cn.ComplexGaborConv1d(1, 3, 9)
    mha = cn.MultiheadAttention(2, 8, 4, 4, dropout=0.0, rotary=cn.RotaryEmbedding(4))
    holo = cn.HolographicAttention(temperature=2.0, attn_dropout=0.0)
    eca, mca = cn.EfficientChannelAttention2d(4), cn.MaskedChannelAttention2d(4)
    bn = cn.BatchNorm2d(4)
    kan = cn.CVKANLayer(4, 3, num_grid=4)
    proto = cn.PrototypeDistance(4, 3)
    cope = cn.CoPE(8)
    tr = cn.Transformer(d_model=8, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=16, dropout=0.0)
    x1, x2 = C(2, 2, 12), C(2, 2, 8, 8)
    seq = C(2, 10, 4)
    img4 = C(2, 4, 8, 8)
    sig = torch.randn(2, 64)
    q = C(2, 5, 8)

    def f():
        a = wdist(wrelu(wfm1(x1)))
        b = wrelu(wfm2(x2))
        s = s4d(seq) + dss(seq) + mamba(seq)
        r = urnn(seq)[0].sum() + gru(seq.transpose(0, 1))[0].sum() + lstm(seq.transpose(0, 1))[0].sum()
        p = spool(img4).sum() + mpool(img4).sum()
        spec = stft(sig)
        rec = istft(spec)
        fb = morlet(sig[:, None]).sum() + gabor(sig[:, None]).sum()
        att = mha(q, q, q)
        att = att[0] if isinstance(att, tuple) else att
        h = holo(q[:, None], q[:, None], q[:, None])
        h = h[0] if isinstance(h, tuple) else h
        ch = eca(img4).sum() + bn(img4).sum()
        with torch.no_grad():  # MaskedChannelAttention's in-place CReLU breaks autograd
            ch = ch + mca(img4).sum()
        k = kan(seq).sum() + proto(seq[:, 0]).sum() + cope(q).sum()
        t = tr(q, q).sum()
        tot = (a.abs().sum() + b.abs().sum() + s.abs().sum() + r.abs() + p.abs() + rec.abs().sum() + fb.abs()
               + att.abs().sum() + h.abs().sum() + ch.abs() + k.abs() + t.abs())
        tot.backward()
        return tot.detach()
    return f, ()


@entry("complextorch", "docs: variational-dropout / ARD relevance layers trained with their KL penalties, ARD masks deployed into masked sparse layers, Gaussian-init layers, and the complex losses (SSIM variants, split L1 / MSE, quadratic / Cauchy / log-cosh / log errors, analytic-signal and holographic losses, phase smoothness)")
def complextorch_relevance_losses():
    import complextorch.nn as cn
    from complextorch.nn import masked, relevance
    torch.manual_seed(0)
    C = lambda *s: torch.randn(*s, dtype=torch.cfloat)
    vd = torch.nn.Sequential(relevance.LinearVD(6, 8), cn.modReLU(), relevance.LinearARD(8, 3))
    conv_vd = relevance.Conv2dVD(2, 3, 3)
    sparse = torch.nn.Sequential(masked.LinearMasked(6, 8), cn.CVSplitTanh(), masked.LinearMasked(8, 3))
    glin, gconv = cn.gauss.Linear(6, 3), cn.gauss.Conv2d(2, 3, 3)
    opt = torch.optim.Adam(list(vd.parameters()) + list(conv_vd.parameters()), lr=1e-2)
    ssim = cn.SSIM(win_size=3)
    losses = [cn.SplitSSIM(win_size=3), cn.PerpLossSSIM(), cn.SplitL1(), cn.SplitMSE(),
              cn.CVQuadError(), cn.CVFourthPowError(), cn.CVCauchyError(), cn.CVLogCoshError(), cn.CVLogError(),
              cn.MSELoss(), cn.GeneralizedSplitLoss(torch.nn.L1Loss(), torch.nn.MSELoss())]
    asl, holo = cn.AnalyticSignalLoss(), cn.HolographicReconstructionLoss()
    x, img = C(5, 6), C(2, 2, 8, 8)
    y = C(5, 3)
    a, b = C(2, 1, 8, 8), C(2, 1, 8, 8)

    def f():
        vd.train()
        for _ in range(2):
            opt.zero_grad()
            out = vd(x)
            kl = sum(relevance.penalties(vd)) + sum(relevance.penalties(conv_vd))
            loss = cn.CVQuadError()(out, y) + 1e-3 * kl + conv_vd(img).abs().mean()
            loss.backward()
            opt.step()
        vd.eval()
        masks = relevance.compute_ard_masks(vd, threshold=1.0)
        masked.deploy_masks(sparse, masks, strict=False)
        masked.binarize_masks(sparse)
        s = sparse(x)
        g = glin(x).abs().sum() + gconv(img).abs().sum()
        ls = [fn(a, b) for fn in losses]
        ls.append(ssim(a.abs(), b.abs()))
        ls.append(asl(x))
        ls.append(holo(a, b))
        ls.append(cn.phase_smoothness(a))
        return loss.detach(), s, g, [l.real if torch.is_tensor(l) and l.is_complex() else l for l in ls]
    return f, ()



# ================================================================= torchcvnn ==
# held-out set 18, first batch. torchcvnn (complex-valued neural networks for SAR / MRI imaging: complex activations,
# batch / layer / RMS norms, pooling, transposed convs, multi-head attention, Transformer and ViT, and complex-valued
# transforms), as in its docs (`c_nn.ViT(patch_embedder, num_layers, num_heads, embed_dim, hidden_dim)`,
# `c_nn.Transformer(...)`, layers on `torch.complex64` tensors, `torchcvnn.transforms.<T>(...)(x)` on CHW complex tensors),
# with tiny sizes and random data; no data set is used.
@entry("torchcvnn", "docs: complex ViT with a conv patch embedder, complex Transformer and MultiheadAttention, a conv / batch-norm / pooling / transposed-conv / upsampling stack with complex activations, norms and ComplexMSELoss, with a backward pass")
def torchcvnn_layers():
    import torchcvnn.nn as c_nn
    torch.manual_seed(0)
    C = lambda *s: torch.randn(*s, dtype=torch.complex64)

    class PatchEmbedder(torch.nn.Module):  # a complex conv patch embedding to (B, seq_len, embed_dim)
        def __init__(self):
            super().__init__()
            self.embed = torch.nn.Conv2d(1, 8, kernel_size=4, stride=4, dtype=torch.complex64)

        def forward(self, x):
            return self.embed(x).flatten(2).transpose(1, 2)
    vit = c_nn.ViT(PatchEmbedder(), num_layers=1, num_heads=2, embed_dim=8, hidden_dim=16, norm_layer=c_nn.RMSNorm)
    tr = c_nn.Transformer(d_model=8, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=16,
                          dropout=0.0, batch_first=True)
    mha = c_nn.MultiheadAttention(8, 2, batch_first=True)
    net = torch.nn.Sequential(torch.nn.Conv2d(2, 4, 3, padding=1, dtype=torch.complex64), c_nn.BatchNorm2d(4),
                              c_nn.modReLU(), c_nn.MaxPool2d(2), c_nn.Dropout2d(0.1),
                              c_nn.ConvTranspose2d(4, 4, 2, stride=2), c_nn.Cardioid(),
                              c_nn.AvgPool2d(2, stride=2), c_nn.Upsample(scale_factor=2), c_nn.zReLU(),
                              c_nn.AdaptiveAvgPool2d(2), c_nn.CGELU())
    bn1, ln = c_nn.BatchNorm1d(8), c_nn.LayerNorm(8)
    acts = [c_nn.CReLU(), c_nn.CPReLU(), c_nn.CELU(), c_nn.CCELU(), c_nn.CSigmoid(), c_nn.CTanh(), c_nn.zAbsReLU(),
            c_nn.zLeakyReLU(), c_nn.Mod()]
    mse = c_nn.ComplexMSELoss()
    img, x2 = C(2, 1, 16, 16), C(2, 2, 8, 8)
    seq = C(2, 5, 8)

    def f():
        v = vit(img)
        t = tr(seq, seq)
        a = mha(seq, seq, seq)
        a = a[0] if isinstance(a, tuple) else a
        n = net(x2)
        b = bn1(seq.reshape(-1, 8)) + ln(seq).reshape(-1, 8)
        z = sum(act(seq).abs().sum() for act in acts)
        loss = mse(t, seq) + v.abs().mean() + a.abs().mean() + n.abs().mean() + b.abs().mean() + z
        loss.backward()
        return loss.detach()
    return f, ()


@entry("torchcvnn", "docs: complex-valued transforms on CHW tensors: LogAmplitude, CenterCrop, Amplitude, RealImaginary, RandomPhase, FFT2 / IFFT2, PadIfNeeded, FFTResize, SpatialResize, Unsqueeze, whitening Normalize and PolSAR channel conversion")
def torchcvnn_transforms():
    import torchcvnn.transforms as T
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)
    x = torch.randn(1, 16, 16, generator=g, dtype=torch.complex64)
    pol = torch.randn(4, 16, 16, generator=g, dtype=torch.complex64)  # HH, HV, VH, VV
    means = [[0.0, 0.0]]
    covs = [[[1.0, 0.2], [0.2, 1.5]]]
    chains = [
        [T.LogAmplitude(), T.CenterCrop(8, 8)],
        [T.Amplitude(dtype="float32")],
        [T.RealImaginary()],
        [T.RandomPhase(dtype="complex64", centering=True)],
        [T.FFT2(), T.IFFT2()],
        [T.PadIfNeeded(24, 20)],
        [T.FFTResize((8, 8), scale=True)],
        [T.SpatialResize((8, 8))],
        [T.Unsqueeze(0)],
        [T.Normalize(means, covs)],
    ]
    polsar = T.PolSAR(out_channel=3)

    def f():
        outs = []
        for ch in chains:
            y = x
            for t in ch:
                y = t(y)
            outs.append(y)
        outs.append(polsar(pol))
        return outs
    return f, ()



# The same transforms on NumPy arrays, the form torchcvnn's SAR / MRI data sets hand them over in (their NumPy branches),
# ending in ToTensor and a complex linear head.
@entry("torchcvnn", "docs: a NumPy-input transform pipeline (LogAmplitude, whitening Normalize, FFTResize, PadIfNeeded, CenterCrop, ToTensor) and PolSAR dict-to-array conversion with SpatialResize, then a complex linear head")
def torchcvnn_numpy_transforms():
    import numpy as np
    import torchcvnn.transforms as T
    rng = np.random.default_rng(0)
    x = (rng.standard_normal((1, 16, 16)) + 1j * rng.standard_normal((1, 16, 16))).astype(np.complex64)
    pol = {k: (rng.standard_normal((16, 16)) + 1j * rng.standard_normal((16, 16))).astype(np.complex64)
           for k in ("HH", "HV", "VV")}
    pipeline = [T.LogAmplitude(keep_phase=True), T.Normalize([[0.0, 0.0]], [[[1.0, 0.1], [0.1, 2.0]]]),
                T.FFTResize((12, 12)), T.PadIfNeeded(14, 14), T.CenterCrop(12, 12),
                T.ToTensor(dtype="complex64")]
    polsar = [T.PolSAR(out_channel=2), T.SpatialResize((8, 8)), T.ToTensor(dtype="complex64")]
    head = torch.nn.Linear(144, 2, dtype=torch.complex64)

    def f():
        y = x
        for t in pipeline:
            y = t(y)
        z = pol
        for t in polsar:
            z = t(z)
        return head(y.reshape(1, -1)).abs(), z
    return f, ()


# ===================================================================== lgatr ==
# held-out set 18, first batch. lgatr (the Lorentz-equivariant geometric algebra transformer L-GATr for particle physics:
# spacetime-algebra multivector embeddings, equivariant linear / bilinear layers, attention and MLPs, spurions for
# symmetry breaking, the conditional (cross-attention) variant and L-GATr-slim), as in its README / demo notebooks
# (`embed_vector(p)`, `get_spurions(...)` appended as extra channels, `LGATr(num_blocks, in_mv_channels, ...,
# attention=SelfAttentionConfig(...), mlp=MLPConfig())(mv, scalars)`, `extract_scalar(out_mv)`, `ConditionalLGATr`,
# `LGATrSlim`), with one block, tiny channel counts and random four-momenta (its packaged basis files are read, nothing is
# downloaded).
@entry("lgatr", "README / demo notebooks: LGATr on embedded four-momenta with spurions and scalars, ConditionalLGATr with a condition set, LGATrSlim on vectors and scalars, a BCE / MSE loss and an Adam step")
def lgatr_nets():
    import lgatr
    from lgatr import (ConditionalLGATr, CrossAttentionConfig, LGATr, LGATrSlim, MLPConfig, SelfAttentionConfig,
                       embed_vector, extract_scalar, get_spurions)
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)
    B, N, Nc = 2, 6, 4
    p3 = torch.randn(B, N, 3, generator=g)
    mass = 0.1
    E = (p3.pow(2).sum(-1, keepdim=True) + mass ** 2).sqrt()
    p4 = torch.cat([E, p3], -1)  # four-momenta (E, px, py, pz)
    pc = torch.cat([E[:, :Nc] * 1.1, p3[:, :Nc]], -1)
    spur = get_spurions(beam_spurion="xyplane", add_time_spurion=True)
    n_spur = spur.shape[0]
    attn = SelfAttentionConfig(num_heads=2)
    mlp = MLPConfig()
    net = LGATr(num_blocks=1, in_mv_channels=1 + n_spur, out_mv_channels=1, hidden_mv_channels=4, in_s_channels=2,
                out_s_channels=1, hidden_s_channels=4, attention=attn, mlp=mlp)
    cond = ConditionalLGATr(num_blocks=1, in_mv_channels=1, mv_channels_cond=1, out_mv_channels=1,
                            hidden_mv_channels=4, in_s_channels=0, s_channels_cond=0, out_s_channels=0,
                            hidden_s_channels=4, attention=SelfAttentionConfig(num_heads=2),
                            crossattention=CrossAttentionConfig(num_heads=2), mlp=MLPConfig())
    slim = LGATrSlim(num_blocks=1, in_v_channels=1, out_v_channels=1, hidden_v_channels=4, in_s_channels=2,
                     out_s_channels=1, hidden_s_channels=4, num_heads=2)
    scal = torch.randn(B, N, 2, generator=g)
    opt = torch.optim.Adam(list(net.parameters()) + list(slim.parameters()), lr=1e-3)

    def f():
        mv = embed_vector(p4).unsqueeze(-2)  # (B, N, 1, 16)
        mv = torch.cat([mv, spur.expand(B, N, n_spur, 16)], -2)
        out_mv, out_s = net(mv, scal)
        score = extract_scalar(out_mv)[..., 0, 0].mean(-1) + out_s[..., 0].mean(-1)
        c_mv, _ = cond(embed_vector(p4).unsqueeze(-2), embed_vector(pc).unsqueeze(-2))
        v, s = slim(p4.unsqueeze(-2), scal)
        loss = torch.nn.functional.binary_cross_entropy_with_logits(score, torch.tensor([0.0, 1.0])) + \
            c_mv.pow(2).mean() + v.pow(2).mean() + s.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, ()



# ================================================================= complexNN ==
# held-out set 18, first batch. complexNN (complex-valued PyTorch modules that use complex parameters directly: complex
# activations, batch / layer norm, dropout, pooling, linear / MLP / conv layers, RNN / GRU / LSTM stacks and multi-head
# attention), as in its README (`cConv2d`, `cBatchNorm2d`, `cRelu`, `cMaxPool2d`, `cMLP(...)`, `cRNN(...)(seq, h0)`,
# `cMultiHeadAttention(E_q, E_k, E_v, E_total, nheads)(q, k, v)`), with tiny sizes and random complex data.
@entry("complexNN", "README: complex conv / batch-norm / pooling / dropout stacks (2-D and 1-D), cMLP, cRNN / cGRU / cLSTM over a sequence, cMultiHeadAttention, cLayerNorm and the complex activations, with a backward pass")
def complexnn_modules():
    import complexNN.nn as cnn
    torch.manual_seed(0)
    C = lambda *s: torch.randn(*s, dtype=torch.cfloat)
    conv = torch.nn.Sequential(cnn.cConv2d(2, 4, 3, padding=1), cnn.cBatchNorm2d(4), cnn.cRelu(), cnn.cMaxPool2d(2),
                               cnn.cDropout2d(0.1), cnn.cAvgPool2d(2))
    # cAvgPool1d passes `divisor_override` to avg_pool1d, which torch rejects: left out
    conv1 = torch.nn.Sequential(cnn.cConv1d(2, 4, 3), cnn.cBatchNorm1d(4), cnn.cElu(), cnn.cMaxPool1d(2))
    mlp = cnn.cMLP(8, 16, 3, num_layers=2)
    rnn, gru, lstm = cnn.cRNN(4, 6, num_layers=2), cnn.cGRU(4, 6, num_layers=1), cnn.cLSTM(4, 6, num_layers=1)
    mha = cnn.cMultiHeadAttention(8, 8, 8, 8, nheads=2)
    ln, drop = cnn.cLayerNorm(8), cnn.cDropout(0.2)
    acts = [cnn.cLeakyRelu(), cnn.cSoftmax(), cnn.cGelu(), cnn.cTanh(), cnn.cSigmoid()]
    x2, x1 = C(2, 2, 8, 8), C(2, 2, 12)
    seq, q = C(2, 5, 4), C(2, 5, 8)
    seq = C(5, 2, 4)  # (seq_len, batch, input_size)
    hr, hg, h0 = C(2, 2, 6), C(1, 2, 6), (C(1, 2, 6), C(1, 2, 6))  # (num_layers, batch, hidden_size)

    def f():
        a = conv(x2).abs().mean() + conv1(x1).abs().mean()
        m = mlp(q).abs().mean()
        r = rnn(seq, hr)[0].abs().mean() + gru(seq, hg)[0].abs().mean() + lstm(seq, h0)[0].abs().mean()
        t = mha(q, q, q).abs().mean() + drop(ln(q)).abs().mean()
        z = sum(act(q).abs().mean() for act in acts)
        loss = a + m + r + t + z
        loss.backward()
        return loss.detach()
    return f, ()



# ---- held-out set 18, second batch (chosen 2026-11-22 by a helper session)
PACKAGES.update({
    "gcastle": {"dirs": ["castle"], "split": "dev"},
    "deepecho": {"dirs": ["deepecho"], "split": "dev"},
    "cdt": {"dirs": ["cdt"], "split": "dev"},
    "rlcard": {"dirs": ["rlcard"], "split": "dev"},
    "probflow": {"dirs": ["probflow"], "split": "dev"},
})


def _castle_data(n=60, d=4):
    import numpy as np
    from castle.datasets import DAG, IIDSimulation
    np.random.seed(0)
    W = DAG.erdos_renyi(n_nodes=d, n_edges=d, weight_range=(0.5, 2.0), seed=1)
    return IIDSimulation(W=W, n=n, method="nonlinear", sem_type="mlp").X.astype(np.float64)


# ================================================================== gcastle ==
# held-out set 18, second batch. gcastle (Huawei Noah's Ark gCastle: causal structure learning; imports as `castle`,
# PyTorch backend by default), as in its README (`from castle.algorithms import GAE; model = GAE(...);
# model.learn(X); model.causal_matrix`): GAE (graph autoencoder with an augmented-Lagrangian acyclicity constraint),
# MCSL (masked gradient-based structure learning with Gumbel-sigmoid masks) and GOLEM (likelihood with a soft DAG
# penalty), on 60 x 4 nonlinear SEM data from `castle.datasets.IIDSimulation`, with a few iterations each. Every
# `learn()` ends by wrapping its result in castle's `Tensor` (a numpy.ndarray subclass), which is an
# InternalTorchDynamoError under torch.compile, so the compiled function calls the learners' training cores that
# `learn()` calls (`_gae(x)`, `_mcsl(x, pns_mask)`, `_golem(X)`), with the attributes `learn()` sets beforehand set
# in the builder. GraN-DAG, DAG-GNN and PNL (training inlined in `learn()`) and NotearsNonlinear (its inner L-BFGS-B
# runs for about 40 s eagerly) are left out.
@entry("gcastle", "README learners' training cores: GAE._gae, MCSL._mcsl and GOLEM._golem on 60 x 4 nonlinear SEM data (a few epochs / iterations each)")
def castle_gae_mcsl_golem():
    from castle.algorithms import GAE, GOLEM, MCSL
    X = _castle_data()
    n, d = X.shape
    gae = GAE(input_dim=1, hidden_dim=4, epochs=2, update_freq=5, init_iter=1)
    gae.n, gae.d, gae.input_dim = n, d, 1
    mcsl = MCSL(hidden_dim=4, num_hidden_layers=1, max_iter=2, iter_step=5, init_iter=1)
    mcsl.n_samples, mcsl.n_nodes = n, d
    golem = GOLEM(num_iter=30, checkpoint_iter=10)
    x3 = torch.from_numpy(X).reshape(n, d, 1)
    pns_mask = torch.ones(d, d)

    def f():
        return gae._gae(x3), mcsl._mcsl(X, pns_mask), golem._golem(X)
    return f, ()


# DAG-GNN's training is inlined in `learn()` (ending in castle's `Tensor` as above), so `learn()` runs once in the
# builder (it builds the encoder / decoder and the learning-rate scheduler) and the compiled function runs two
# epochs of the per-epoch step `learn()` calls, `_train(train_loader, optimizer, lambda_a, c_a)` (ELBO with the
# h(A) acyclicity penalty, NaN check, scheduler step), with an Adam optimizer over the encoder and decoder as in
# `learn()`.
@entry("gcastle", "README DAG_GNN: learn(X) once in the builder, then two epochs of its training step _train(loader, optimizer, lambda_a, c_a) on 60 x 4 nonlinear SEM data")
def castle_daggnn_train():
    import numpy as np
    from castle.algorithms import DAG_GNN
    from castle.algorithms.gradient.dag_gnn.torch.utils import functions as func
    X = _castle_data()
    dag = DAG_GNN(encoder_hidden=8, decoder_hidden=8, epochs=1, k_max_iter=1, batch_size=20)
    dag.learn(X)
    loader = func.get_dataloader(np.expand_dims(X, axis=2), batch_size=20, device=dag.device)
    opt = torch.optim.Adam([{"params": dag.encoder.parameters()}, {"params": dag.decoder.parameters()}], lr=dag.lr)

    def f():
        out = []
        for _ in range(2):
            out.append(dag._train(train_loader=loader, optimizer=opt, lambda_a=0.0, c_a=1.0))
        return out
    return f, ()


# ================================================================= deepecho ==
# held-out set 18, second batch. deepecho (DataCebo / SDV's synthetic multivariate time series: PARModel, a
# probabilistic autoregressive GRU with per-type output distributions (continuous / count / categorical, sequence
# length by an end token), and BasicGANModel, a GRU generator / discriminator conditioned on context), as in its
# README (`model = PARModel(epochs=...); model.fit(data, entity_columns=..., context_columns=...)`,
# `model.sample(...)`); the pandas front end runs in the builder's data preparation only, and the compiled function
# calls the models' `fit_sequences(sequences, context_types, data_types)` and `sample_sequence(context)` on 4
# sequences of 6 steps with a categorical context (continuous, categorical and count channels).
@entry("deepecho", "README: PARModel and BasicGANModel fit_sequences on 4 short mixed-type sequences (2 epochs), then sample_sequence with a context")
def deepecho_par_gan():
    import numpy as np
    from deepecho import BasicGANModel, PARModel
    rng = np.random.RandomState(0)
    seqs = []
    for i in range(4):
        seqs.append({"context": ["a" if i % 2 else "b"],
                     "data": [[float(v) for v in rng.randn(6)],
                              [str(v) for v in rng.choice(["u", "v", "w"], 6)],
                              [int(v) for v in rng.randint(0, 5, 6)]]})
    ctx_types, data_types = ["categorical"], ["continuous", "categorical", "count"]
    par = PARModel(epochs=2, cuda=False, verbose=False)
    gan = BasicGANModel(epochs=2, latent_size=4, hidden_size=8, cuda=False, verbose=False)

    def f():
        par.fit_sequences(seqs, ctx_types, data_types)
        gan.fit_sequences(seqs, ctx_types, data_types)
        return par.sample_sequence(["a"]), gan.sample_sequence(["b"])
    return f, ()


# ====================================================================== cdt ==
# held-out set 18, second batch. cdt (Diviyan Kalainathan's Causal Discovery Toolbox; its PyTorch models are SAM,
# CGNN, the pairwise GNN and NCC), as in its README / docs (`GNN().predict_proba((a, b))`, `NCC().fit(pairs,
# labels)` and `predict(pairs)`), with tiny networks, one run, one job, a few epochs. SAM is left out:
# `SAM.predict(df)` scales the DataFrame with scikit-learn's `scale`, an InternalTorchDynamoError under
# torch.compile. CGNN is left out too (its hill climbing calls `networkx.adj_matrix`, removed in networkx 3). The
# R-based algorithms are not used (no R here); cdt's settings find no GPU and run on the CPU.
@entry("cdt", "README / docs: pairwise GNN.predict_proba on a cause-effect pair and NCC.fit / predict on 6 random pairs (a few epochs)")
def cdt_pairwise_gnn_ncc():
    import numpy as np
    import pandas as pd
    import cdt
    from cdt.causality.pairwise import GNN, NCC
    cdt.SETTINGS.NJOBS, cdt.SETTINGS.GPU = 1, 0
    rng = np.random.RandomState(0)
    a = rng.randn(40).reshape(-1, 1)
    b = (np.tanh(a) + 0.3 * rng.randn(40, 1))
    pairs = pd.DataFrame({"A": [rng.randn(20) for _ in range(6)], "B": [rng.randn(20) for _ in range(6)]})
    labels = pd.DataFrame({"t": [1, -1] * 3})
    gnn = GNN(nh=4, nruns=1, njobs=1, train_epochs=3, test_epochs=2, verbose=False)
    ncc = NCC()

    def f():
        p = gnn.predict_proba((a, b))
        ncc.fit(pairs, labels, epochs=2, batch_size=3, verbose=False)
        return p, ncc.predict(pairs.iloc[:2])
    return f, ()


# cdt's FSGNN feature selection (`FSGNN().predict(df)` / `predict_features`) scales its DataFrame with scikit-learn's
# `scale` first (the InternalTorchDynamoError of SAM), so the compiled function calls the per-target training that
# `predict_features` runs, `FSGNN_model(sizes).train(dataset, ...)` (MMD loss with an L1 penalty on the feature
# weights, then the test-epoch scores), on a TensorDataset of 3 scaled features and one target built in the builder.
@entry("cdt", "docs: FSGNN feature selection's model training (FSGNN_model.train with MMD loss and L1 feature penalty, a few epochs) on 3 features and a target")
def cdt_fsgnn_train():
    import numpy as np
    import cdt
    from cdt.independence.graph.FSGNN import FSGNN_model
    from torch.utils.data import TensorDataset
    cdt.SETTINGS.NJOBS, cdt.SETTINGS.GPU = 1, 0
    rng = np.random.RandomState(0)
    feats = rng.randn(40, 3)
    target = np.tanh(feats[:, :1]) + 0.3 * rng.randn(40, 1)
    feats, target = (feats - feats.mean(0)) / feats.std(0), (target - target.mean(0)) / target.std(0)
    dataset = TensorDataset(torch.tensor(feats, dtype=torch.float32), torch.tensor(target, dtype=torch.float32))
    model = FSGNN_model([4, 4, 1])

    def f():
        return model.train(dataset, lr=0.01, l1=0.1, batch_size=-1, train_epochs=3, test_epochs=2, device="cpu",
                           verbose=False)
    return f, ()


# =================================================================== rlcard ==
# held-out set 18, second batch. rlcard (DATA Lab's reinforcement learning toolkit for card games; its PyTorch agents
# are DQNAgent (replay memory, target estimator, epsilon-greedy) and NFSPAgent (a reservoir-buffer average policy plus
# an inner DQN)), as in its README / examples (`env = rlcard.make("leduc-holdem")`, `env.set_agents([...])`,
# `trajectories, payoffs = env.run(is_training=True)`, `reorganize(...)`, `agent.feed(ts)`, `tournament(env, n)`),
# with 16-unit MLPs, tiny buffers that start learning after 8 transitions, and 6 training episodes per call.
@entry("rlcard", "README / examples: DQNAgent vs NFSPAgent on Leduc hold'em, 6 training episodes (env.run, reorganize, feed, train), then tournament")
def rlcard_dqn_nfsp():
    import rlcard
    from rlcard.agents import DQNAgent, NFSPAgent
    from rlcard.utils import reorganize, set_seed, tournament
    set_seed(0)
    env = rlcard.make("leduc-holdem", config={"seed": 0})
    cpu = torch.device("cpu")
    dqn = DQNAgent(num_actions=env.num_actions, state_shape=env.state_shape[0], mlp_layers=[16],
                   replay_memory_size=100, replay_memory_init_size=8, update_target_estimator_every=5, batch_size=4,
                   train_every=1, device=cpu)
    nfsp = NFSPAgent(num_actions=env.num_actions, state_shape=env.state_shape[1], hidden_layers_sizes=[16],
                     q_mlp_layers=[16], reservoir_buffer_capacity=100, min_buffer_size_to_learn=8, batch_size=4,
                     train_every=1, q_replay_memory_size=100, q_replay_memory_init_size=8, q_batch_size=4,
                     q_train_every=1, q_update_target_estimator_every=5, device=cpu)
    env.set_agents([dqn, nfsp])

    def f():
        for _ in range(6):
            nfsp.sample_episode_policy()
            trajectories, payoffs = env.run(is_training=True)
            trajectories = reorganize(trajectories, payoffs)
            for ts in trajectories[0]:
                dqn.feed(ts)
            for ts in trajectories[1]:
                nfsp.feed(ts)
        return tournament(env, 2)
    return f, ()


# ================================================================= probflow ==
# held-out set 18, second batch. probflow (Brendan Hasz's Bayesian modelling library: variational parameters,
# distributions and models fitted by ELBO with minibatch data generators; TensorFlow or PyTorch backend, here
# `pf.set_backend("pytorch")`), as in its README / docs (`model = pf.LinearRegression(d); model.fit(x, y)`,
# `model.predict(x)`, `model.predictive_sample(x, n=...)`, `model.metric("mae", x, y)`, `pf.DenseClassifier([...])`),
# on 64 x 3 random data with 2 epochs of batch size 16.
@entry("probflow", "README / docs (PyTorch backend): LinearRegression and DenseRegression fit / predict / predictive_sample / metric, LogisticRegression and DenseClassifier fit / predict on 64 x 3 random data (2 epochs)")
def probflow_models():
    import numpy as np
    import probflow as pf
    pf.set_backend("pytorch")
    rng = np.random.RandomState(0)
    x = rng.randn(64, 3).astype("float32")
    y = (x @ np.array([1.0, -2.0, 0.5], dtype="float32") + 0.1 * rng.randn(64)).astype("float32")
    yc = (y > 0).astype("float32")
    lin, dense = pf.LinearRegression(3), pf.DenseRegression([3, 8, 1])
    logreg, dclf = pf.LogisticRegression(3), pf.DenseClassifier([3, 8, 2])

    def f():
        lin.fit(x, y, epochs=2, batch_size=16, lr=0.01)
        dense.fit(x, y[:, None], epochs=2, batch_size=16)
        logreg.fit(x, yc, epochs=2, batch_size=16)
        dclf.fit(x, yc.astype("int64"), epochs=2, batch_size=16)
        return (lin.predict(x[:4]), lin.predictive_sample(x[:4], n=5), lin.metric("mae", x, y),
                dense.predict(x[:4]), logreg.predict(x[:4]), logreg.metric("accuracy", x, yc), dclf.predict(x[:4]))
    return f, ()


# The docs' callbacks and model-evaluation methods on a fitted LinearRegression: ELBO and validation-metric monitors,
# early stopping on the monitored metric, KL-weight and learning-rate schedules, then predictive intervals, R^2,
# residuals, posterior / prior samples and credible intervals, log-probabilities and calibration.
@entry("probflow", "docs (PyTorch backend): LinearRegression.fit with MonitorELBO, MonitorMetric, EarlyStopping, KLWeightScheduler and LearningRateScheduler callbacks, then predictive_interval, r_squared, residuals, posterior_ci / posterior_sample / prior_sample, log_prob, pred_dist_covered, calibration_curve")
def probflow_callbacks_eval():
    import numpy as np
    import probflow as pf
    pf.set_backend("pytorch")
    rng = np.random.RandomState(0)
    x = rng.randn(64, 3).astype("float32")
    y = (x @ np.array([1.0, -2.0, 0.5], dtype="float32") + 0.1 * rng.randn(64)).astype("float32")
    m = pf.LinearRegression(3)
    mon = pf.MonitorMetric("mae", x[:16], y[:16])
    cbs = [pf.MonitorELBO(), mon, pf.EarlyStopping(mon, patience=1),
           pf.KLWeightScheduler(lambda e: min(1.0, 0.1 * (e + 1))), pf.LearningRateScheduler(lambda e: 0.01 / (1 + e))]

    def f():
        m.fit(x, y, epochs=3, batch_size=16, callbacks=cbs)
        return (m.predictive_interval(x[:4], ci=0.9), m.r_squared(x[:8], y[:8], n=20), m.residuals(x[:8], y[:8]),
                m.posterior_ci("weights", ci=0.9, n=20), m.posterior_sample("weights", n=5),
                m.prior_sample("weights", n=5), m.log_prob(x[:8], y[:8], n=5),
                m.pred_dist_covered(x[:8], y[:8], n=20, ci=0.9), m.calibration_curve(x[:8], y[:8], n=20))
    return f, ()


# ========================================================== pytorch-symbolic ==
# held-out set 18, first batch. pytorch-symbolic (a Keras-functional-API-like way to build PyTorch models from symbolic
# `Input`s: layers and tensor operations called on symbolic tensors are recorded and replayed on real data by a
# `SymbolicModel`, which can be detached from its graph; `add_to_graph` for arbitrary functions, helper layers, model
# tools and a Keras-like `summary()`), as in its README / quick start (`inputs = Input(shape=...)`, `x = layer(inputs)`,
# `model = SymbolicModel(inputs, outputs)`, `model.summary()`, `CallbackLayer(print)` for debugging,
# `model.detach_from_graph()`), with tiny layers, random data and one SGD step.
@entry("pytorch-symbolic", "README / quick start: a small residual CNN built from symbolic Inputs (tensor ops, add_to_graph(torch.cat), CallbackLayer(print)), an SGD step, its detached copy, a two-input / two-output matmul model, summary() and the model_tools parameter checks")
def pytorch_symbolic_models():
    from torch import nn
    from pytorch_symbolic import Input, SymbolicModel, add_to_graph, model_tools, useful_layers
    torch.manual_seed(0)
    # the docs' toy ResNet-like classifier: residual branches, symbolic tensor ops and methods, a concat
    # via add_to_graph, the docs' `CallbackLayer(print)` debugging layer
    inputs = Input(shape=(3, 16, 16))
    x = nn.Conv2d(inputs.C, 8, 3, padding=1)(inputs)(nn.ReLU())
    for _ in range(2):
        y = nn.Conv2d(x.C, 8, 3, padding=1)(x)(nn.BatchNorm2d(8))(nn.ReLU())
        x = x + y
    x = useful_layers.CallbackLayer(print)(x.mean(dim=(2, 3)))
    z = nn.Flatten()(nn.AdaptiveAvgPool2d(2)(x.reshape(-1, 8, 1, 1)))
    h = add_to_graph(torch.cat, [x, z], dim=1)
    logits = nn.Linear(h.features, 5)(h)
    model = SymbolicModel(inputs=inputs, outputs=logits)
    detached = model.detach_from_graph()
    # a two-input / two-output model with slicing and a matmul
    a, b = Input(shape=(4, 6)), Input(shape=(6, 3))
    m = a @ b
    two = SymbolicModel(inputs=(a, b), outputs=(m[:, 0], nn.Softmax(-1)(m).sum(1)))
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    data, target = torch.randn(4, 3, 16, 16), torch.randint(0, 5, (4,))
    xa, xb = torch.randn(2, 4, 6), torch.randn(2, 6, 3)

    def f():
        loss = nn.functional.cross_entropy(model(data), target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        out = detached(data)
        first, probs = two(xa, xb)
        model.summary()
        same = model_tools.models_have_corresponding_parameters(model, detached)
        sim = model_tools.model_similar(model, detached)
        return loss.detach(), out, first, probs, same, sim, model_tools.get_parameter_count(model)
    return f, ()


# =================================================================== mlp-kan ==
# held-out set 18, first batch. mlp-kan (Kolmogorov-Arnold network layers whose edge functions are small sinusoidal MLPs
# evaluated with nested `torch.vmap`, or piecewise-linear interpolations on a fixed grid with a smoothness penalty), as
# in its README quickstart (`nn.Sequential(KANLayer(2, 5), KANLayer(5, 1))`, `KANInterpoLayer(2, 5, num_x=..., x_min=...,
# x_max=...)`, `smooth_penalty(model)`), with tiny widths, random data and one Adam step.
@entry("mlp-kan", "README: KANLayer and KANInterpoLayer stacks fitted with an MSE loss plus smooth_penalty and an Adam step, one edge function taken with take_function, and linear_interpolation")
def mlp_kan_fit():
    from mlp_kan import KANInterpoLayer, KANLayer, linear_interpolation, smooth_penalty
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)
    x = torch.randn(16, 2, generator=g)
    y = (x[:, :1] * x[:, 1:]).detach()
    model = torch.nn.Sequential(KANLayer(2, 4, fcn_hidden=8), KANLayer(4, 1, fcn_hidden=8))
    interp = torch.nn.Sequential(KANInterpoLayer(2, 4, num_x=32, x_min=-3, x_max=3), KANInterpoLayer(4, 1, num_x=32))
    opt = torch.optim.Adam(list(model.parameters()) + list(interp.parameters()), lr=1e-2)
    X = torch.linspace(-2, 2, 9)

    def f():
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y) + torch.nn.functional.mse_loss(interp(x), y) + \
            1e-3 * smooth_penalty(interp)
        loss.backward()
        opt.step()
        act = model[0].take_function(0, 1)(torch.linspace(-1, 1, 5).unsqueeze(-1))
        return loss.detach(), act, linear_interpolation(x[:, 0], X, X ** 2)
    return f, ()


# ================================================================ torchutils ==
# held-out set 18, first batch. torchutils (anjandeepsahni's PyTorch utilities: accuracy / Hamming-loss / running-loss
# trackers with histories, Keras-like model summaries and FLOP counts from forward hooks, parameter counts, learning-rate
# get / set, seeding), as in its docstrings' training-loop example (`acc_tracker = tu.Accuracy()`,
# `acc_tracker.update(target, predicted)`, `print(acc_tracker)`, `loss_tracker.update(loss.item())`,
# `tu.get_model_summary(model, x)`, `tu.get_model_flops(model, x)`, `tu.set_lr(optimizer, tu.get_lr(optimizer) * 0.1)`),
# on a tiny conv + LSTM classifier and random batches (its plotting helpers are not used).
@entry("torchutils", "docstrings: a training loop with Accuracy / HammingLoss / RunningLoss trackers (histories on) printed every other batch, get_lr / set_lr, get_model_summary, get_model_flops and get_model_param_count on a small conv + LSTM net")
def torchutils_train_track():
    import torchutils as tu
    torch.manual_seed(0)
    tu.set_random_seed(0)
    g = torch.Generator().manual_seed(0)

    class MyNet(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3), torch.nn.BatchNorm2d(4), torch.nn.ReLU(),
                                            torch.nn.AdaptiveAvgPool2d(2))
            self.rnn = torch.nn.LSTM(4, 8, batch_first=True)
            self.fc = torch.nn.Linear(16 + 8, 3)

        def forward(self, x):
            h = self.conv(x).flatten(1)
            _, (hn, _) = self.rnn(x.view(x.shape[0], -1, 4)[:, :5])
            return self.fc(torch.cat([h, hn[0]], 1))
    model = MyNet()
    criterion = torch.nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    batches = [(torch.randn(6, 1, 8, 8, generator=g), torch.randint(0, 3, (6,), generator=g)) for _ in range(3)]
    multi_t = torch.randint(0, 2, (6, 4), generator=g)
    sample = torch.randn(1, 1, 8, 8, generator=g)

    def f():
        acc_tracker = tu.Accuracy(keep_hist=True, hist_size=4)
        ham_tracker = tu.HammingLoss(keep_hist=True)
        loss_tracker = tu.RunningLoss(keep_hist=True, hist_freq=2)
        for batch_idx, (data, target) in enumerate(batches):
            optimizer.zero_grad()
            outputs = model(data)
            loss = criterion(outputs, target)
            loss.backward()
            optimizer.step()
            _, predicted = torch.max(torch.nn.functional.softmax(outputs, dim=1), 1)
            acc_tracker.update(target, predicted)
            ham_tracker.update(multi_t, (outputs[:, :1].repeat(1, 4) > 0).long())
            loss_tracker.update(loss.item())
            if batch_idx % 2 == 0:
                print(acc_tracker, ham_tracker, loss_tracker)
        tu.set_lr(optimizer, tu.get_lr(optimizer) * 0.1)
        tu.get_model_summary(model, sample, compact=True)
        flops = tu.get_model_flops(model, sample, unit="MFLOP")
        params = tu.get_model_param_count(model, trainable=True)
        return acc_tracker.accuracy, ham_tracker.loss, loss_tracker.loss, acc_tracker.history, flops, params
    return f, ()


# Its data-set statistics helpers, as in their docstrings (`running_stat = tu.RunningStat(dims=...)`,
# `running_stat.update(data)` with (N, C) data, `tu.get_dataset_stats(loader, verbose=True)` over a batch-size-1 loader).
@entry("torchutils", "docstrings: RunningStat (Welford) updates over (N, C) batches and get_dataset_stats(loader, verbose=True) over a batch-size-1 DataLoader of random images")
def torchutils_dataset_stats():
    import torchutils as tu
    g = torch.Generator().manual_seed(0)
    images = torch.rand(6, 3, 4, 4, generator=g) * 2 + 1
    feats = torch.randn(5, 3, generator=g)
    loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(images, torch.zeros(6)), batch_size=1,
                                         shuffle=False)

    def f():
        running_stat = tu.RunningStat(dims=3)
        for batch in (feats[:3], feats[3:]):
            stats = running_stat.update(batch)  # data must be (N, C)
        ds = tu.get_dataset_stats(loader, verbose=True)
        return stats["mean"], stats["std"], running_stat.num_data_points, ds["mean"], ds["std"]
    return f, ()


# ================================================= flash-attention-softmax-n ==
# held-out set 18, first batch. flash-attention-softmax-n (softmax_n, the "attention is off by one" softmax with n added
# to the denominator, in a fused-attention wrapper over scaled_dot_product_attention and a slow reference attention,
# plus analysis hooks that track activation / weight kurtosis, skewness and variance), as in its README
# (`flash_attention_n(query, key, value, softmax_n_param=1, is_causal=True)`, `slow_attention_n(...)`, `softmax_n(x, n=1)`,
# `register_activation_hooks(model, layers_to_save=...)`, `compute_weight_statistics(model)`), in two tiny pre-norm
# attention blocks with random data (the Composer surgery and Triton kernel are not used; nothing is saved).
@entry("flash-attention-softmax-n", "README: two pre-norm attention blocks with flash_attention_n (softmax_1, causal) and slow_attention_n, attention with a bias and softmax_2, softmax_n, activation-statistics hooks and compute_weight_statistics, with a backward pass")
def flash_attention_softmax_n_blocks():
    from flash_attention_softmax_n import flash_attention_n, slow_attention_n, softmax_n
    from flash_attention_softmax_n.analysis import compute_weight_statistics, register_activation_hooks
    torch.manual_seed(0)

    class Block(torch.nn.Module):  # a pre-norm attention block using softmax_1 attention ("attention is off by one")
        def __init__(self, d=16, h=2):
            super().__init__()
            self.h = h
            self.norm = torch.nn.LayerNorm(d)
            self.qkv = torch.nn.Linear(d, 3 * d)
            self.output = torch.nn.Linear(d, d)
            self.mlp = torch.nn.Sequential(torch.nn.Linear(d, 32), torch.nn.GELU(), torch.nn.Linear(32, d))

        def forward(self, x, slow=False):
            B, T, D = x.shape
            q, k, v = self.qkv(self.norm(x)).view(B, T, 3, self.h, D // self.h).permute(2, 0, 3, 1, 4)
            if slow:
                a = slow_attention_n(q, k, v, is_causal=True, softmax_n_param=1.0, dropout_p=0.1, train=self.training)
            else:
                a = flash_attention_n(q, k, v, softmax_n_param=1, is_causal=True)
            x = x + self.output(a.transpose(1, 2).reshape(B, T, D))
            return x + self.mlp(x)
    model = torch.nn.Sequential(Block(), Block())
    acts = register_activation_hooks(model, layers_to_save={"0.output", "1.output", "1.mlp"})
    x = torch.randn(2, 6, 16)
    bias = torch.randn(2, 1, 6, 6)
    q = torch.randn(2, 2, 6, 8)

    def f():
        y = model(x)
        y2 = model[1](y, slow=True)
        a = flash_attention_n(q, q, q, softmax_n_param=2, attn_bias=bias, scale=0.3)
        s = softmax_n(x, n=1.0, dim=-1)
        (y2.pow(2).mean() + a.mean()).backward()
        return y2.detach(), a.detach(), s, compute_weight_statistics(model), {k: dict(v) for k, v in acts.items()}
    return f, ()


# ============================================================== lora-pytorch ==
# held-out set 18, first batch. lora-pytorch (fkodom's LoRA: `LoRA.from_module(model, rank=...)` wraps every Linear,
# Conv1d/2d/3d, Embedding and MultiheadAttention in a low-rank adapter that trains alone; adapters can be disabled,
# enabled, merged into the original weights or removed), as in its README (`lora_model = LoRA.from_module(model,
# rank=5)`, train as usual, `lora_model.disable_lora()` / `enable_lora()`, `merge_lora(inplace=False)`,
# `remove_lora(inplace=False)`), on a tiny embedding / conv / attention model instead of the README's resnet18.
@entry("lora-pytorch", "README: LoRA.from_module on a small embedding / Conv1d / MultiheadAttention / Linear model, an AdamW step on the adapters, disable_lora / enable_lora, merge_lora and remove_lora copies")
def lora_pytorch_finetune():
    from lora_pytorch import LoRA
    torch.manual_seed(0)

    class Net(torch.nn.Module):  # a small CNN + transformer-encoder text model, in place of the README's resnet18
        def __init__(self):
            super().__init__()
            self.emb = torch.nn.Embedding(20, 16)
            self.conv = torch.nn.Conv1d(16, 16, 3, padding=1)
            self.attn = torch.nn.MultiheadAttention(16, 2, batch_first=True)
            self.fc = torch.nn.Linear(16, 3)

        def forward(self, tokens):
            h = self.emb(tokens)
            h = self.conv(h.transpose(1, 2)).transpose(1, 2).relu()
            a, _ = self.attn(h, h, h, need_weights=False)
            return self.fc((h + a).mean(1))
    lora_model = LoRA.from_module(Net(), rank=4)
    opt = torch.optim.AdamW(lora_model.parameters(), lr=1e-2)
    tokens, y = torch.randint(0, 20, (4, 7)), torch.randint(0, 3, (4,))

    def f():
        loss = torch.nn.functional.cross_entropy(lora_model(tokens), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        lora_model.disable_lora()
        base = lora_model(tokens)
        lora_model.enable_lora()
        merged = lora_model.merge_lora(inplace=False)
        removed = lora_model.remove_lora(inplace=False)
        return loss.detach(), base.detach(), merged(tokens).detach(), removed(tokens).detach()
    return f, ()


# ---- held-out set 19, training batch (chosen 2026-11-22 by a helper session)
PACKAGES.update({
    "pyqtorch": {"dirs": ["pyqtorch"], "split": "dev"},
    "meent": {"dirs": ["meent"], "split": "dev"},
    "fairret": {"dirs": ["fairret"], "split": "dev"},
    "pytorchltr2": {"dirs": ["pytorchltr"], "split": "dev"},
    "torch-mir-eval": {"dirs": ["torch_mir_eval"], "split": "dev"},
    "keras": {"dirs": ["keras"], "split": "dev"},
    "pygad": {"dirs": ["pygad"], "split": "dev"},
})


# ================================================================= pyqtorch ==
# held-out set 19, training batch. pyqtorch (Pasqal's state-vector / density-matrix quantum circuit simulator written in
# PyTorch: parametric gates, observables, Hamiltonian evolution, digital and readout noise, AD / adjoint / GPSR
# differentiation, shot sampling), as in its docs (`circ = pyq.QuantumCircuit(n, [pyq.RX(0, "theta"), pyq.CNOT(0, 1)])`,
# `pyq.expectation(circ, state, {"theta": ...}, pyq.Observable(...), diff_mode=...)`, `pyq.run(...)`,
# `pyq.sample(...)`), with 2-3 qubits, a batch of 2 and random parameters.
@entry("pyqtorch", "docs: a 3-qubit variational circuit (RX / RY / CNOT / CRZ / RZ), expectation of a sum of Z observables with AD and a gradient of a loss, adjoint-mode expectation, run() of the batched state")
def pyqtorch_vqc_expectation():
    import pyqtorch as pyq
    from pyqtorch.utils import DiffMode
    torch.manual_seed(0)
    n = 3
    ops = []
    for i in range(n):
        ops += [pyq.RX(i, f"x{i}"), pyq.RY(i, f"y{i}")]
    ops += [pyq.CNOT(0, 1), pyq.CNOT(1, 2), pyq.CRZ(2, 0, "z"), pyq.RZ(1, "w")]
    circ = pyq.QuantumCircuit(n, ops)
    obs = pyq.Observable(pyq.Add([pyq.Z(i) for i in range(n)]))
    names = [f"x{i}" for i in range(n)] + [f"y{i}" for i in range(n)] + ["z", "w"]
    vals = {k: torch.rand(2, requires_grad=True) for k in names}
    adj_vals = {k: torch.rand(1, requires_grad=True) for k in names}
    state = pyq.zero_state(n, batch_size=2)

    def f():
        e = pyq.expectation(circ, state, vals, obs, diff_mode=DiffMode.AD)
        loss = (e - 0.5).pow(2).sum()
        grads = torch.autograd.grad(loss, list(vals.values()))
        ea = pyq.expectation(circ, pyq.zero_state(n), adj_vals, obs, diff_mode=DiffMode.ADJOINT)
        out = pyq.run(circ, state, vals)
        return loss.detach(), grads, ea.detach(), out.detach()
    return f, ()


@entry("pyqtorch", "docs: HamiltonianEvolution with an operator generator and a symbolic time inside a circuit (expectation and backward), digital noise channels on a density matrix, shot sampling and shot-based expectation")
def pyqtorch_hamevo_noise_sampling():
    import pyqtorch as pyq
    torch.manual_seed(0)
    gen = pyq.Add([pyq.X(0), pyq.Z(1), pyq.Scale(pyq.Y(0), torch.tensor(0.5))])
    hevo = pyq.HamiltonianEvolution(gen, "t", qubit_support=(0, 1))
    c2 = pyq.QuantumCircuit(2, [pyq.RY(0, "a"), hevo, pyq.CZ(0, 1)])
    v2 = {"a": torch.rand(1, requires_grad=True), "t": torch.tensor([0.3], requires_grad=True)}
    obs2 = pyq.Observable([pyq.Z(0), pyq.X(1)])
    noisy = pyq.QuantumCircuit(2, [pyq.RX(0, "a"), pyq.BitFlip(1, 0.1), pyq.AmplitudeDamping(0, 0.2), pyq.CNOT(0, 1)])
    circ = pyq.QuantumCircuit(3, [pyq.RX(0, "x"), pyq.RY(1, "y"), pyq.CNOT(0, 1), pyq.CNOT(1, 2)])
    obs = pyq.Observable(pyq.Add([pyq.Z(i) for i in range(3)]))
    vals = {"x": torch.rand(2), "y": torch.rand(2)}
    state = pyq.zero_state(3, batch_size=2)

    def f():
        e = pyq.expectation(c2, pyq.zero_state(2), v2, obs2)
        e.sum().backward(retain_graph=True)  # the evolution operator is LRU-cached across calls
        rho = pyq.run(noisy, pyq.zero_state(2), {"a": torch.tensor([0.7])})
        counts = pyq.sample(circ, state, vals, n_shots=50)
        es = pyq.expectation(circ, state, vals, obs, n_shots=50)
        return e.detach(), rho, counts, es
    return f, ()


# ==================================================================== meent ==
# held-out set 19, training batch. meent (KC-ML2's differentiable electromagnetic simulator: rigorous coupled-wave
# analysis (RCWA) for gratings and metasurfaces with NumPy / JAX / PyTorch backends; the PyTorch backend is
# `backend=2`), as in its README and tutorials (`mee = meent.call_mee(backend=2, pol=..., n_top=..., n_bot=...,
# theta=..., phi=..., fto=..., period=..., wavelength=..., thickness=..., ucell=...)`, `result = mee.conv_solve()`,
# `result.de_ri` / `result.de_ti`, `mee.conv_solve_field(...)`, `mee.fit(pois, forward, loss_fn, optimizer, ...)`),
# with small Fourier orders and unit cells (float64, CPU).
@entry("meent", "README: RCWA conv_solve on a 1D raster grating and on a 2D raster metasurface (pol 0.5, oblique incidence) with a backward pass of the transmitted diffraction efficiency to the unit cell")
def meent_rcwa_solve_grad():
    import meent
    torch.manual_seed(0)
    u1 = torch.tensor([[[1., 1., 3.48, 3.48, 1., 1., 3.48, 1.]]], dtype=torch.float64)
    mee1 = meent.call_mee(backend=2, pol=0, n_top=1., n_bot=1.45, theta=0.1, phi=0., fto=[5, 0],
                          period=[1000., 1000.], wavelength=900., thickness=[500.], ucell=u1)
    u2 = (torch.rand(1, 6, 6, dtype=torch.float64) > 0.5).double() * 2.48 + 1.
    mee2 = meent.call_mee(backend=2, pol=0.5, n_top=1., n_bot=1., theta=0.2, phi=0.3, fto=[2, 2],
                          period=[700., 700.], wavelength=900., thickness=torch.tensor([300.], dtype=torch.float64),
                          ucell=u2)
    mee2.ucell.requires_grad_(True)

    def f():
        r1 = mee1.conv_solve()
        r2 = mee2.conv_solve()
        loss = r2.de_ti.sum()
        loss.backward()
        return r1.de_ri, r1.de_ti, loss.detach()
    return f, ()


@entry("meent", "tutorials: conv_solve_field (E / H fields on a small grid) of a 2D metasurface, and OptimizerTorch.fit (2 Adam iterations with tqdm) on the unit cell maximising a transmitted order")
def meent_field_and_fit():
    import meent
    torch.manual_seed(0)
    u = (torch.rand(1, 5, 5, dtype=torch.float64) > 0.5).double() * 2.0 + 1.5
    mee = meent.call_mee(backend=2, pol=0, n_top=1., n_bot=1.45, theta=0., phi=0., fto=[2, 2],
                         period=[600., 600.], wavelength=800., thickness=[200.], ucell=u)
    mee_fit = meent.call_mee(backend=2, pol=1, n_top=1., n_bot=1.45, theta=0., phi=0., fto=[3, 0],
                             period=[800., 800.], wavelength=700., thickness=[300.],
                             ucell=torch.rand(1, 1, 8, dtype=torch.float64) * 2 + 1.5)

    def forward():
        return mee_fit.conv_solve().de_ti

    def loss_fn(de_ti):
        return -de_ti[de_ti.shape[0] // 2, de_ti.shape[1] // 2 + 1]

    def f():
        field = mee.conv_solve_field(res_x=4, res_y=4, res_z=2)
        out = mee_fit.fit(["ucell"], forward, loss_fn, torch.optim.Adam, {"lr": 1e-2}, iteration=2)
        return field, [o.detach() for o in out]
    return f, ()


# ================================================================== fairret ==
# held-out set 19, training batch. fairret (AIDA Ghent's differentiable fairness regularisation terms: linear-fractional
# statistics such as positive rate, TPR, FPR, PPV, accuracy, F-score computed per sensitive group, and violation losses
# NormLoss / LSELoss that penalise their gap to the overall statistic), as in its README (`statistic =
# TruePositiveRate(); norm_loss = NormLoss(statistic); loss = bce(logit, label) + norm_loss(logit, sens, label)` inside
# a normal training loop), with a small MLP, random features, two sensitive groups and an Adam step.
@entry("fairret", "README: a training step of a small MLP with BCE plus NormLoss(TruePositiveRate) and LSELoss(PositiveRate) fairness terms, the per-group statistics (PositiveRate, FalsePositiveRate, PositivePredictiveValue, Accuracy, FScore, a stacked statistic) and overall statistics")
def fairret_train_step():
    from fairret.loss import LSELoss, NormLoss
    from fairret.statistic import (Accuracy, FalsePositiveRate, FScore, PositivePredictiveValue, PositiveRate,
                                   StackedLinearFractionalStatistic, TruePositiveRate)
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    x = torch.randn(32, 6)
    g = (torch.rand(32) > 0.5).float()
    sens = torch.stack([g, 1 - g], dim=1)
    y = (torch.rand(32, 1) > 0.4).float()
    norm_loss = NormLoss(TruePositiveRate())
    lse_loss = LSELoss(PositiveRate())
    stats = [PositiveRate(), FalsePositiveRate(), PositivePredictiveValue(), Accuracy(), FScore(beta=2.)]
    stacked = StackedLinearFractionalStatistic(TruePositiveRate(), FalsePositiveRate())

    def f():
        logit = model(x)
        loss = torch.nn.functional.binary_cross_entropy_with_logits(logit, y)
        loss = loss + 0.5 * norm_loss(logit, sens, y) + 0.5 * lse_loss(logit, sens)
        opt.zero_grad()
        loss.backward()
        opt.step()
        pred = torch.sigmoid(logit.detach())
        per_group = [s(pred, sens, y) if not isinstance(s, PositiveRate) else s(pred, sens) for s in stats]
        overall = stacked.overall_statistic(pred, y)
        return loss.detach(), per_group, stacked(pred, sens, y), overall
    return f, ()


# ============================================================== pytorchltr2 ==
# held-out set 19, training batch. pytorchltr2 (the Python >= 3.10 fork of Rolf Jagerman's pytorchltr, learning to
# rank with PyTorch; imports as `pytorchltr`; the fork ships no C extension and no data-set downloaders): pairwise hinge /
# DCG-hinge / logistic losses and LambdaLoss variants (ARP1 / ARP2 / NDCG1 / NDCG2) on padded query lists with a
# per-query document count `n`, DCG / NDCG / ARP evaluation, position-biased click simulation, as in its README
# (`loss = PairwiseHingeLoss(); l = loss(model(xs), ys, n).mean(); l.backward(); optimizer.step()`), on random
# 4-query batches of up to 6 documents.
@entry("pytorchltr2", "README: a linear scorer trained one SGD step with the sum of the pairwise additive and LambdaLoss losses on padded query lists, then ndcg@3 / dcg / arp evaluation and simulate_pbm click simulation")
def pytorchltr_train_eval():
    from pytorchltr.click_simulation.pbm import simulate_pbm
    from pytorchltr.evaluation import arp, dcg, ndcg
    from pytorchltr.loss import (LambdaARPLoss1, LambdaARPLoss2, LambdaNDCGLoss1, LambdaNDCGLoss2, PairwiseDCGHingeLoss,
                                 PairwiseHingeLoss, PairwiseLogisticLoss)
    torch.manual_seed(0)
    model = torch.nn.Linear(5, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    xs = torch.randn(4, 6, 5)
    ys = torch.randint(0, 3, (4, 6))
    n = torch.tensor([6, 4, 5, 3])
    losses = [PairwiseHingeLoss(), PairwiseDCGHingeLoss(), PairwiseLogisticLoss(), LambdaARPLoss1(), LambdaARPLoss2(),
              LambdaNDCGLoss1(), LambdaNDCGLoss2()]
    rel_probs = torch.tensor([0.1, 0.5, 0.9])

    def f():
        scores = model(xs).squeeze(-1)
        loss = sum(l(scores, ys, n).mean() for l in losses)
        opt.zero_grad()
        loss.backward()
        opt.step()
        s = scores.detach()
        rankings = torch.argsort(s, dim=1, descending=True)
        clicks = simulate_pbm(rankings, ys, n, rel_probs, cutoff=5, eta=1.0)
        return loss.detach(), ndcg(s, ys, n, k=3), dcg(s, ys, n), arp(s, ys, n), clicks
    return f, ()


# =========================================================== torch-mir-eval ==
# held-out set 19, training batch. torch-mir-eval (a PyTorch port of mir_eval's BSS-eval source-separation metrics:
# SDR / SIR / SAR with the best source permutation, batched and single-example versions), as in its README
# (`torch_mir_eval.separation.bss_eval_sources(reference_sources, estimated_sources)`), on 2-source mixtures of 1024
# random samples with noisy estimates.
@entry("torch-mir-eval", "README: separation.bss_eval_sources (with and without permutation search) on one 2-source example, and the batched bss_eval_sources on a batch of 2")
def torch_mir_eval_bss():
    import torch_mir_eval
    torch.manual_seed(0)
    ref = torch.randn(2, 1024, dtype=torch.float64)
    est = ref.flip(0) + 0.3 * torch.randn(2, 1024, dtype=torch.float64)
    bref = torch.randn(2, 2, 1024, dtype=torch.float64)
    best = bref + 0.5 * torch.randn(2, 2, 1024, dtype=torch.float64)

    def f():
        single = torch_mir_eval.separation.bss_eval_sources(ref, est)
        noperm = torch_mir_eval.separation.bss_eval_sources(ref, est, compute_permutation=False)
        batched = torch_mir_eval.bss_eval_sources(bref, best)
        return single, noperm, batched
    return f, ()


def _keras_torch():
    # Keras 3 picks its backend from KERAS_BACKEND at import, and writes keras.json under KERAS_HOME (default
    # ~/.keras) on first import: both are set here, KERAS_HOME to a temporary directory
    import tempfile
    os.environ["KERAS_BACKEND"] = "torch"
    os.environ.setdefault("KERAS_HOME", tempfile.mkdtemp(prefix="keras_home_"))
    import keras
    keras.utils.set_random_seed(0)
    return keras


def _keras_model(keras):
    from keras import layers
    inp = keras.Input((12, 4))
    h = layers.Conv1D(8, 3, padding="same", activation="relu")(inp)
    h = layers.BatchNormalization()(h)
    h = layers.LSTM(8, return_sequences=True)(h)
    h = layers.MultiHeadAttention(2, 4)(h, h)
    h = layers.GlobalAveragePooling1D()(h)
    h = layers.Dropout(0.1)(h)
    return keras.Model(inp, layers.Dense(3)(h))


# ==================================================================== keras ==
# held-out set 19, training batch. keras (Keras 3, multi-backend; with KERAS_BACKEND=torch its layers are torch modules,
# its losses / metrics / optimizers run on torch tensors, and `model.compile(..., jit_compile=True)` itself wraps the
# train step in torch.compile), as in its "getting started" and functional-API guides (`keras.Input`, layers,
# `keras.Model(inputs, outputs)`, `model.compile(optimizer=..., loss=..., metrics=[...])`, `model.train_on_batch(x,
# y)`), with a small Conv1D / BatchNorm / LSTM / MultiHeadAttention / Dense model on random (4, 12, 4) sequences.
@entry("keras", "guides: a functional Conv1D / BatchNormalization / LSTM / MultiHeadAttention / Dense model called in training mode on torch tensors, then keras losses (sparse categorical cross-entropy from logits, Huber, KL divergence) and stateful metrics (SparseCategoricalAccuracy, AUC, Mean) updated and read")
def keras_forward_losses_metrics():
    keras = _keras_torch()
    model = _keras_model(keras)
    x = torch.randn(4, 12, 4)
    y = torch.randint(0, 3, (4,))
    ce = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    huber = keras.losses.Huber()
    kld = keras.losses.KLDivergence()
    acc = keras.metrics.SparseCategoricalAccuracy()
    auc = keras.metrics.AUC()
    mean = keras.metrics.Mean()

    def f():
        logits = model(x, training=True)
        probs = torch.softmax(logits, -1)
        onehot = torch.nn.functional.one_hot(y, 3).float()
        loss = ce(y, logits) + huber(onehot, probs) + kld(onehot, probs)
        acc.update_state(y, logits)
        auc.update_state(onehot, probs)
        mean.update_state(loss)
        return loss, acc.result(), auc.result(), mean.result()
    return f, ()


@entry("keras", "guides: model.compile(Adam, SparseCategoricalCrossentropy(from_logits=True), metrics=['accuracy']) of a small Sequential Conv1D / BatchNormalization / Dense model, then train_on_batch (return_dict=True)")
def keras_train_on_batch():
    keras = _keras_torch()
    from keras import layers
    model = keras.Sequential([keras.Input((12, 4)), layers.Conv1D(8, 3, activation="relu"), layers.BatchNormalization(),
                              layers.GlobalAveragePooling1D(), layers.Dense(3)])
    model.compile(optimizer=keras.optimizers.Adam(1e-3),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    x = torch.randn(4, 12, 4)
    y = torch.randint(0, 3, (4,))

    def f():
        return model.train_on_batch(x, y, return_dict=True)
    return f, ()


# ==================================================================== pygad ==
# held-out set 19, training batch. pygad (Ahmed Gad's genetic-algorithm library; `pygad.torchga` trains PyTorch models
# without gradients: `TorchGA(model, num_solutions)` builds a population of flattened weight vectors,
# `torchga.predict(model, solution, data)` loads one into a copy of the model and runs it, and `pygad.GA(...,
# fitness_func=..., initial_population=torch_ga.population_weights)` evolves them), as in its torchga README example
# (a regression MLP, `fitness = 1 / (L1 loss + 1e-8)`), with 4 solutions: the compiled function is the README's fitness
# function over the population. `GA.run()` is left out: under torch.compile its NSGA-II sort (steady-state parent
# selection uses it even for one objective) is an AssertionError inside Dynamo.
def _pygad_setup():
    import numpy as np
    import pygad.torchga as torchga
    np.random.seed(0)
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 5), torch.nn.ReLU(), torch.nn.Linear(5, 1))
    x = torch.randn(8, 3)
    y = torch.randn(8, 1)
    torch_ga = torchga.TorchGA(model=model, num_solutions=4)
    loss_fn = torch.nn.L1Loss()

    def fitness_func(ga_instance, solution, sol_idx):
        predictions = torchga.predict(model=model, solution=solution, data=x)
        abs_error = loss_fn(predictions, y).detach().numpy() + 0.00000001
        return 1.0 / abs_error
    return torchga, model, x, torch_ga, fitness_func


@entry("pygad", "README torchga: the fitness function (torchga.predict of each solution in a copy of the model, L1 loss to numpy) over the TorchGA population, and model_weights_as_dict of a perturbed weight vector")
def pygad_torchga_fitness():
    torchga, model, x, torch_ga, fitness_func = _pygad_setup()
    vec = torchga.model_weights_as_vector(model)  # under torch.compile a TorchRuntimeError (numpy.reshape with an int shape)

    def f():
        fit = [fitness_func(None, s, i) for i, s in enumerate(torch_ga.population_weights)]
        wd = torchga.model_weights_as_dict(model, vec + 0.1)
        return fit, wd
    return f, ()



# ---- held-out set 19, models batch (chosen 2026-11-22 by a helper session)
PACKAGES.update({
    "curated-transformers": {"dirs": ["curated_transformers"], "split": "dev"},
    "smplx": {"dirs": ["smplx"], "split": "dev"},
    "min-dalle": {"dirs": ["min_dalle"], "split": "dev"},
})


# ====================================================== curated-transformers ==
# held-out set 19, models batch. curated-transformers (Explosion's pure-PyTorch transformer models used by
# spaCy: BERT / RoBERTa / XLM-R / CamemBERT / ELECTRA / ALBERT encoders and Llama / Falcon / GPT-NeoX / MPT causal
# LMs with key-value caches, built from their config classes), as in its docs (`model(piece_ids,
# AttentionMask(mask))`, `store_cache=True` then `cache=output.cache` for the next step), with tiny sizes and random
# weights; its `generation` package needs `huggingface_hub.Repository`, removed in huggingface-hub 1.0, so the
# decoding loop is the user's own.
def _ct_decoders():
    from curated_transformers.models import (FalconCausalLM, FalconConfig, GPTNeoXCausalLM, GPTNeoXConfig,
                                             LlamaCausalLM, LlamaConfig, MPTCausalLM, MPTConfig)
    f32 = torch.float32
    return [
        LlamaCausalLM(LlamaConfig(dtype=f32, hidden_width=32, intermediate_width=64, n_query_heads=4,
                                  n_key_value_heads=2, n_hidden_layers=2, n_pieces=100)),
        FalconCausalLM(FalconConfig(dtype=f32, hidden_width=32, n_query_heads=4, n_key_value_heads=1,
                                    n_hidden_layers=2, n_pieces=100, use_alibi=True, use_bias=True)),
        FalconCausalLM(FalconConfig(dtype=f32, hidden_width=32, n_query_heads=4, n_key_value_heads=2,
                                    n_hidden_layers=2, n_pieces=100, new_decoder_architecture=True,
                                    use_parallel_attention=False)),
        GPTNeoXCausalLM(GPTNeoXConfig(dtype=f32, hidden_width=32, intermediate_width=64, n_attention_heads=4,
                                      n_hidden_layers=2, n_pieces=100, n_positions=64, model_max_length=64)),
        MPTCausalLM(MPTConfig(dtype=f32, hidden_width=32, intermediate_width_multiplier=2, n_attention_heads=4,
                              n_hidden_layers=2, n_pieces=100, model_max_length=64)),
    ]


@entry("curated-transformers", "docs: Llama / Falcon (ALiBi, new decoder architecture) / GPT-NeoX / MPT causal LMs: a padded prompt with store_cache=True, then three greedy steps that reuse the key-value cache with explicit positions", calls=1)
def curated_causal_lm_cache():
    from curated_transformers.layers import AttentionMask
    torch.manual_seed(0)
    models = [m.eval() for m in _ct_decoders()]
    ids = torch.randint(0, 100, (2, 7))
    mask = torch.ones(2, 7, dtype=torch.bool)
    mask[1, 5:] = False

    def f():
        outs = []
        for m in models:
            bmask = mask
            out = m(ids, AttentionMask(bmask), store_cache=True)
            pos = bmask.sum(-1, keepdim=True) - 1
            for _ in range(3):
                nxt = out.logits[:, -1].argmax(-1, keepdim=True)
                bmask = torch.cat([bmask, torch.ones(2, 1, dtype=torch.bool)], 1)
                pos = pos + 1
                out = m(nxt, AttentionMask(bmask), cache=out.cache, store_cache=True, positions=pos)
            outs.append(out.logits.float().sum())
        return torch.stack(outs)
    return f, ()


@entry("curated-transformers", "docs: BERT / RoBERTa / XLM-R / CamemBERT / ELECTRA / ALBERT encoders on padded pieces with type ids, last-layer and all-layer outputs, a classification head, loss and backward")
def curated_encoders_train():
    from curated_transformers.layers import AttentionMask
    from curated_transformers.models import (ALBERTConfig, ALBERTEncoder, BERTConfig, BERTEncoder, CamemBERTEncoder,
                                             RoBERTaConfig, XLMREncoder)
    from curated_transformers.models.electra import ELECTRAEncoder
    torch.manual_seed(0)
    kw = dict(embedding_width=16, hidden_width=32, intermediate_width=64, n_attention_heads=4, n_hidden_layers=2,
              n_pieces=100, attention_probs_dropout_prob=0.1, hidden_dropout_prob=0.1)
    encs = [BERTEncoder(BERTConfig(n_positions=32, model_max_length=32, **kw)),
            BERTEncoder(BERTConfig(n_positions=32, model_max_length=32, **dict(kw, embedding_width=32))),
            XLMREncoder(RoBERTaConfig(n_positions=34, model_max_length=32, **dict(kw, embedding_width=32))),
            CamemBERTEncoder(RoBERTaConfig(n_positions=34, model_max_length=32, **dict(kw, embedding_width=32))),
            ELECTRAEncoder(BERTConfig(n_positions=32, model_max_length=32, **kw)),
            ALBERTEncoder(ALBERTConfig(embedding_width=16, hidden_width=32, intermediate_width=64,
                                       n_attention_heads=4, n_hidden_layers=4, n_hidden_groups=2, n_pieces=100,
                                       n_positions=32))]
    heads = torch.nn.ModuleList(torch.nn.Linear(32, 3) for _ in encs)
    for m in encs:
        m.train()
    ids = torch.randint(2, 100, (2, 9))
    ids[1, 6:] = 1
    mask = ids != 1
    types = torch.zeros_like(ids)
    types[:, 4:] = 1
    y = torch.tensor([0, 2])

    def f():
        loss = 0.0
        for m, h in zip(encs, heads):
            tt = types if not isinstance(m, (XLMREncoder, CamemBERTEncoder)) else None
            out = m(ids, AttentionMask(mask), type_ids=tt)
            cls = out.last_hidden_layer_state[:, 0]
            loss = loss + torch.nn.functional.cross_entropy(h(cls), y)
            loss = loss + 0.01 * sum(x.pow(2).mean() for x in out.all_outputs)
        loss.backward()
        return loss.detach()
    return f, ()


# ===================================================================== smplx ==
# held-out set 19, models batch. smplx (MPI's SMPL / SMPL+H / SMPL-X / MANO parametric body and hand models: linear
# blend skinning from shape / pose / expression parameters, PCA hand poses, dynamic face-contour landmarks, the
# rotation-matrix `*Layer` variants), as in its README (`smplx.SMPLX(model_path, ...)(betas=..., expression=...,
# return_verts=True)`). The model files are licensed downloads, so random stand-ins with the real vertex / joint
# counts are written to a temporary directory (SMPL-X, MANO) or passed as a `Struct` (SMPL, SMPL+H).
def _smplx_fake(V, J, n_shape, rng, hands=False, face=False, mano=False):
    import numpy as np
    parents = np.array([-1] + [int(rng.integers(0, i)) for i in range(1, J)], dtype=np.int64)
    d = dict(v_template=rng.normal(size=(V, 3)).astype(np.float32) * 0.3,
             shapedirs=rng.normal(size=(V, 3, n_shape)).astype(np.float32) * 0.01,
             posedirs=rng.normal(size=(V, 3, (J - 1) * 9)).astype(np.float32) * 0.01,
             J_regressor=np.abs(rng.normal(size=(J, V))).astype(np.float32) / V,
             weights=rng.dirichlet(np.ones(J), size=V).astype(np.float32),
             kintree_table=np.stack([parents, np.arange(J)]),
             f=rng.integers(0, V, size=(2 * V, 3)).astype(np.int64))
    if hands:
        for s in "lr":
            d["hands_components" + s] = rng.normal(size=(45, 45)).astype(np.float32)
            d["hands_mean" + s] = rng.normal(size=(45,)).astype(np.float32) * 0.1
    if mano:
        d["hands_components"] = rng.normal(size=(45, 45)).astype(np.float32)
        d["hands_mean"] = rng.normal(size=(45,)).astype(np.float32) * 0.1
    if face:
        d["lmk_faces_idx"] = rng.integers(0, 2 * V, size=(51,))
        d["lmk_bary_coords"] = rng.dirichlet(np.ones(3), size=51).astype(np.float32)
        d["dynamic_lmk_faces_idx"] = rng.integers(0, 2 * V, size=(79, 17))
        d["dynamic_lmk_bary_coords"] = rng.dirichlet(np.ones(3), size=(79, 17)).astype(np.float32)
    return d


@entry("smplx", "README: SMPL and SMPL+H (PCA hands) forward from random shape / pose, then a fitting step: joint loss to a target, backward and an Adam step on the models' own pose / shape parameters")
def smplx_smpl_smplh_fit():
    import tempfile
    import numpy as np
    import smplx
    from smplx.utils import Struct
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    tmp = tempfile.mkdtemp(prefix="smplx_fake_")
    smpl = smplx.SMPL(tmp, data_struct=Struct(**_smplx_fake(6890, 24, 10, rng)), batch_size=2)
    smplh = smplx.SMPLH(tmp, data_struct=Struct(**_smplx_fake(6890, 52, 16, rng, hands=True)), batch_size=2,
                        use_pca=True, num_pca_comps=6, flat_hand_mean=False)
    params = list(smpl.parameters()) + list(smplh.parameters())
    opt = torch.optim.Adam(params, lr=0.01)
    betas = torch.randn(2, 10)
    pose = torch.randn(2, 69) * 0.2
    target = torch.randn(2, 24, 3) * 0.1

    def f():
        opt.zero_grad()
        o1 = smpl(betas=betas, body_pose=pose, return_verts=True, return_full_pose=True)
        o2 = smplh(return_verts=True)
        loss = (o1.joints[:, :24] - target).pow(2).mean() + o2.joints.pow(2).mean() + o2.vertices.abs().mean()
        loss.backward()
        opt.step()
        return loss.detach(), o1.full_pose
    return f, ()


@entry("smplx", "README: SMPL-X with face contour (dynamic landmarks), expression, jaw / eye / PCA hand poses; SMPLXLayer on rotation matrices; MANO right hand with PCA pose")
def smplx_smplx_mano():
    import os
    import tempfile
    import numpy as np
    import smplx
    torch.manual_seed(0)
    rng = np.random.default_rng(1)
    tmp = tempfile.mkdtemp(prefix="smplx_fake_")
    p_x = os.path.join(tmp, "SMPLX_NEUTRAL.npz")
    np.savez(p_x, **_smplx_fake(10475, 55, 400, rng, hands=True, face=True))
    p_m = os.path.join(tmp, "MANO_RIGHT.pkl")
    import pickle
    with open(p_m, "wb") as fh:
        pickle.dump(_smplx_fake(778, 16, 10, rng, mano=True), fh)
    sx = smplx.SMPLX(p_x, ext="npz", batch_size=2, use_face_contour=True, use_pca=True, num_pca_comps=6,
                     num_expression_coeffs=10)
    sxl = smplx.SMPLXLayer(p_x, ext="npz", use_face_contour=True, num_expression_coeffs=10)
    mano = smplx.MANO(p_m, is_rhand=True, use_pca=True, num_pca_comps=6, batch_size=2)
    betas = torch.randn(2, 10)
    expr = torch.randn(2, 10)
    jaw = torch.randn(2, 3) * 0.1
    from smplx.lbs import batch_rodrigues
    rot = batch_rodrigues(torch.randn(2 * 21, 3) * 0.2).view(2, 21, 3, 3)

    def f():
        o1 = sx(betas=betas, expression=expr, jaw_pose=jaw, left_hand_pose=torch.ones(2, 6) * 0.1,
                return_full_pose=True)
        o2 = sxl(betas=betas, expression=expr, body_pose=rot)
        o3 = mano(betas=betas, hand_pose=torch.ones(2, 6) * 0.2, global_orient=torch.zeros(2, 3))
        return o1.vertices.sum() + o1.joints.sum() + o2.joints.sum() + o3.vertices.sum()
    return f, ()


# ================================================================= min-dalle ==
# held-out set 19, models batch. min-dalle (kuprel's minimal PyTorch DALL·E Mega port: a BART text encoder, a BART
# image-token decoder sampled with top-k and super-conditioning over 256 steps with an attention-state cache, and
# the VQGAN detokenizer), as in its README (`model.generate_images(text, seed, grid_size, ...)`). `MinDalle(...)`
# downloads its weights, so the object is assembled from the package's own model classes with a tiny encoder /
# decoder, the full-size VQGAN (its sizes are fixed) with random weights and a toy BPE vocabulary.
@entry("min-dalle", "README's generate loop, shortened: verbose tokenize, encode, 6 top-k / super-conditioned sample_tokens steps with the attention-state cache, image_grid_from_tokens (VQGAN detokenizing) on the sampled tokens", calls=1)
def min_dalle_generate():
    from min_dalle.min_dalle import MinDalle
    from min_dalle.models import DalleBartDecoder, DalleBartEncoder, VQGanDetokenizer
    from min_dalle.text_tokenizer import TextTokenizer
    torch.manual_seed(0)
    md = MinDalle.__new__(MinDalle)
    md.is_reusable, md.device, md.dtype, md.is_mega = True, "cpu", torch.float32, False
    md.text_token_count, md.layer_count, md.embed_count, md.glu_embed_count = 64, 2, 32, 48
    md.attention_head_count, md.text_vocab_count, md.image_vocab_count = 4, 60, 2 ** 14
    vocab = {"<s>": 0, "<pad>": 1, "</s>": 2, "<unk>": 3}
    for w in ["a", "b", "c", "d", "o", "g", "t", "n", "\u0120", "\u0120a", "at", "cat", "\u0120cat", "do", "dog",
              "\u0120dog", "an", "and", "\u0120and"]:
        vocab.setdefault(w, len(vocab))
    md.tokenizer = TextTokenizer(vocab, ["\u0120 a", "a t", "c at", "\u0120 cat", "d o", "do g", "\u0120 dog",
                                         "a n", "an d", "\u0120 and"])
    md.encoder = DalleBartEncoder(layer_count=2, embed_count=32, attention_head_count=4, text_vocab_count=60,
                                  text_token_count=64, glu_embed_count=48, device="cpu").eval()
    md.decoder = DalleBartDecoder(image_vocab_count=2 ** 14, embed_count=32, attention_head_count=4,
                                  glu_embed_count=48, layer_count=2, device="cpu").eval()
    md.detokenizer = VQGanDetokenizer().eval()

    from min_dalle.models.dalle_bart_decoder import IMAGE_TOKEN_COUNT

    def f():  # generate_raw_image_stream's body with 6 of its 256 decoder steps (all 256 exceed the time limit)
        with torch.no_grad():
            tokens = md.tokenizer.tokenize("a cat and a dog", is_verbose=True)
            text = torch.ones(2, 64, dtype=torch.long)
            text[0, :2] = torch.tensor([tokens[0], tokens[-1]])
            text[1, :len(tokens)] = torch.tensor(tokens)
            enc = md.encoder(text)
            text, enc = text[[0, 1]], enc[[0, 1]]
            mask = text.not_equal(1)[:, None, None, :]
            state = torch.zeros(md.layer_count, 4, IMAGE_TOKEN_COUNT, md.embed_count)
            image_tokens = torch.full((1, IMAGE_TOKEN_COUNT + 1), 2 ** 14 - 1, dtype=torch.long)
            idx = torch.arange(IMAGE_TOKEN_COUNT)
            settings = torch.tensor([1.0, 64, 8.0])
            for i in range(6):
                image_tokens[:, i + 1], state = md.decoder.sample_tokens(
                    settings=settings, attention_mask=mask, encoder_state=enc, attention_state=state,
                    prev_tokens=image_tokens[:, [i]], token_index=idx[[i]])
            return md.image_grid_from_tokens(image_tokens[:, 1:], is_seamless=False, is_verbose=True)
    return f, ()


# ---- held-out set 20, science batch (chosen 2026-11-22 by a helper session)
PACKAGES.update({
    "sgdml": {"dirs": ["sgdml"], "split": "dev"},
    "mlipops": {"dirs": ["mlipops"], "split": "dev"},
    "rectorch": {"dirs": ["rectorch"], "split": "dev"},
    "deepchem": {"dirs": ["deepchem"], "split": "dev"},
    "boltzmann-generators": {"dirs": ["boltzmann_generators"], "split": "dev"},
    "bayestorch": {"dirs": ["bayestorch"], "split": "dev"},
    "zflows": {"dirs": ["zflows"], "split": "dev"},
})


# ==================================================================== sgdml ==
# held-out set 20, science batch. sgdml (the symmetric gradient-domain machine learning force fields of Chmiela et
# al.: a kernel model trained on energies and forces of molecular geometries; `sgdml.torchtools.GDMLTorchPredict` is
# its PyTorch predictor, `GDMLTrain(use_torch=True)` assembles the kernel matrix with `GDMLTorchAssemble`), as in its
# README / docs (`task = GDMLTrain().create_task(dataset, n_train, dataset, n_valid, sig=...)`, `model =
# GDMLTrain().train(task)`, `GDMLPredict(model, use_torch=True).predict(r)`), on a random 4-atom data set (40
# geometries around a tetrahedral CH3-like frame, random energies and forces, symmetry permutations discovered by
# the package). NumPy 2 removed `np.in1d`, which `draw_strat_sample` still calls: the builders alias it to `np.isin`.
def _sgdml_model(use_sym=True):
    import numpy as np
    if not hasattr(np, "in1d"):
        np.in1d = np.isin
    from sgdml.train import GDMLTrain
    rng = np.random.default_rng(0)
    m, n = 40, 4
    base = np.array([[0., 0., 0.], [1.1, 0., 0.], [-0.4, 1.0, 0.], [-0.4, -0.5, 0.9]])
    r = base[None] + 0.05 * rng.standard_normal((m, n, 3))
    d = np.linalg.norm(r[:, :, None] - r[:, None, :], axis=-1)
    e = (1 / (d + np.eye(n))).sum((1, 2))
    f = rng.standard_normal((m, n, 3))
    ds = dict(R=r, E=e, F=f, z=np.array([6, 1, 1, 1]), name=np.array("toy"), theory=np.array("none"),
              md5=np.array("0"), type=np.array("d"), r_unit=np.array("Ang"), e_unit=np.array("kcal/mol"))
    tr = GDMLTrain(max_processes=1, use_torch=True)
    task = tr.create_task(ds, 12, ds, 8, sig=10, use_sym=use_sym)
    return tr.train(task), r


@entry("sgdml", "README / torchtools: GDMLTorchPredict (a trained symmetric GDML model with discovered permutations) predicting energies and forces of a batch of geometries, and of the training points by index after set_R_d_desc")
def sgdml_torch_predict():
    from sgdml.torchtools import GDMLTorchPredict
    model, r = _sgdml_model()
    pred = GDMLTorchPredict(model)
    pred_train = GDMLTorchPredict(model)
    from sgdml.utils.desc import Desc
    desc = Desc(4, max_processes=1)
    _, r_d_desc = desc.from_R(model["R_train"] if "R_train" in model else r[:12], lat_and_inv=None)
    pred_train.set_R_d_desc(r_d_desc)
    pred_train.set_alphas(model["alphas_F"], alphas_E=model.get("alphas_E"))
    rt = torch.from_numpy(r[:6]).float()

    def f():
        e, frc = pred(rt)
        (frc2,) = pred(rt, return_E=False)
        e3, frc3 = pred_train(torch.arange(12))
        return e, frc, frc2, e3, frc3
    return f, ()


@entry("sgdml", "docs: GDMLPredict(model, use_torch=True).predict on flattened geometries (the PyTorch path of the user-facing predictor) with a non-symmetric GDML model and the symmetric one")
def sgdml_predict_use_torch():
    from sgdml.predict import GDMLPredict
    model, r = _sgdml_model()
    model_gdml, _ = _sgdml_model(use_sym=False)
    p = GDMLPredict(model, max_processes=1, use_torch=True)
    p2 = GDMLPredict(model_gdml, max_processes=1, use_torch=True)
    x = r[:5].reshape(5, -1)

    def f():
        e, frc = p.predict(x)
        e2, frc2 = p2.predict(x)
        return e, frc, e2, frc2
    return f, ()


# ================================================================== mlipops ==
# held-out set 20, science batch. mlipops (OpenMM's pure-Python PyTorch operations for machine-learning interatomic
# potentials, written to be used with torch.compile: neighbor lists with periodic triclinic boxes and caching,
# Coulomb interactions without cutoff / reaction field / Ewald / particle-mesh Ewald, charge equilibration, ZBL,
# DFT-D3(BJ) dispersion and arbitrary pairwise potentials; the Triton kernels are used only on CUDA), as in its user
# guide (`nl = NeighborList(cutoff=..., padding=...)`, `pme = CoulombPME(nl, None, gx, gy, gz, order, alpha,
# prefactor)`, `energy = pme(positions, charges, box_vectors)`, `energy.backward()` for forces), on small random
# systems (CPU, float32).
@entry("mlipops", "user guide: a cached NeighborList (cutoff + padding, periodic box) feeding reaction-field, Ewald and PME Coulomb energies and ZBL / DFT-D3 terms of 24 random atoms, forces by backward")
def mlipops_periodic_energy_forces():
    from mlipops import DFTD3, ZBL, CoulombEwald, CoulombPME, CoulombRF, NeighborList, get_covalent_radii
    torch.manual_seed(0)
    n = 24
    box = torch.eye(3) * 1.2
    pos = (torch.rand(n, 3) * 1.2).requires_grad_(True)
    q = torch.randn(n)
    q = q - q.mean()
    z = torch.randint(1, 9, (n,))
    bohr = 0.0529177
    nl_sym = NeighborList(cutoff=0.5, include_symmetric=False, padding=0.05)
    nl = NeighborList(cutoff=0.5)
    rf = CoulombRF(nl, None, 138.935, dielectric=78.3)
    ewald = CoulombEwald(nl, None, 4, 4, 4, alpha=3.0, prefactor=138.935)
    pme = CoulombPME(nl, None, 12, 12, 12, 5, alpha=3.0, prefactor=138.935)
    zbl = ZBL(nl_sym, 138.935, bohr)
    d3 = DFTD3(nl_sym, s8=0.7875, a1=0.4289, a2=4.4407, prefactor=138.935, bohr_radius=bohr)
    radii = get_covalent_radii(z, bohr)

    def f():
        pos.grad = None
        e = rf(pos, q, box) + ewald(pos, q, box) + pme(pos, q, box)
        e = e + zbl(pos, z, None, box) + d3(pos, z, radii, box)
        e.backward()
        pairs = nl(pos.detach(), box)
        return e.detach(), pos.grad.clone(), pairs
    return f, ()


@entry("mlipops", "user guide: batched molecules without a box: CoulombNC with charges and dipoles, ChargeEquilibration of the partial charges with a total-charge constraint, and a Pairwise Lennard-Jones computation on neighbor-list pairs, with a gradient")
def mlipops_batch_qeq_pairwise():
    from mlipops import ChargeEquilibration, CoulombNC, NeighborList, Pairwise
    torch.manual_seed(0)
    n = 12
    pos = (torch.randn(n, 3) * 0.3).requires_grad_(True)
    batch = torch.tensor([0] * 7 + [1] * 5)
    q = torch.randn(n) * 0.2
    dip = torch.randn(n, 3) * 0.01
    chi = torch.rand(n) + 0.5
    hard = torch.rand(n) + 1.0
    radius = torch.rand(n) * 0.05 + 0.05
    nc_dip = CoulombNC(None, 138.935, max_multipole='dipole')
    qeq = ChargeEquilibration(CoulombNC(None, 138.935))
    nl = NeighborList(cutoff=1.0)

    class LJ:
        def __call__(self, pairs, r, delta, params):
            sig, eps = params
            sr6 = (sig / r) ** 6
            return 4 * eps * (sr6 * sr6 - sr6)

    lj = Pairwise(LJ(), cutoff=1.0)

    def f():
        pos.grad = None
        e = nc_dip(pos, q, dipoles=dip, batch=batch)
        charges = qeq(pos, chi, hard, radius, total_charge=torch.tensor([0.0, 1.0]), batch=batch)
        pairs = nl(pos, batch=batch)
        e_lj = lj(pos, (0.1, 0.5), pairs, batch=batch)
        (e.sum() + e_lj.sum() + (charges ** 2).sum()).backward()
        return e.detach(), charges.detach(), e_lj.detach(), pos.grad.clone()
    return f, ()


# ================================================================= rectorch ==
# held-out set 20, science batch. rectorch (Mirko Polato's PyTorch recommender-system library: auto-encoder based
# collaborative filtering (Mult-DAE, Mult-VAE with KL annealing, conditioned C-Mult-VAE, CDAE), CFGAN, EASE, SLIM, and
# ranking metrics on the predicted scores), as in its docs (`net = MultiVAE_net([200, 600, n_items])`, `model =
# MultiVAE(net, beta=..., anneal_steps=...)`, `model.train_batch(tr_batch)` inside `train_epoch`, `model.predict(x)`,
# `Metrics.compute(scores, ground_truth, ["ndcg@10", "recall@10"])`), on a random binary 16-user x 40-item matrix.
def _rectorch_data(users=16, items=40):
    return (torch.rand(users, items) < 0.2).float()


@entry("rectorch", "docs: Mult-VAE (KL annealing) and Mult-DAE training steps on a binary user-item batch, predict with the training items removed, ndcg@k / recall@k / hit@k / mrr@k of the scores")
def rectorch_vae_dae_train_eval():
    from rectorch.metrics import Metrics
    from rectorch.models import MultiDAE, MultiVAE
    from rectorch.nets import MultiDAE_net, MultiVAE_net
    torch.manual_seed(0)
    x = _rectorch_data()
    gt = (torch.rand(16, 40) < 0.1).float().numpy()
    vae = MultiVAE(MultiVAE_net([8, 24, 40], dropout=0.2), beta=0.3, anneal_steps=5)
    dae = MultiDAE(MultiDAE_net([16, 40], dropout=0.2), lam=0.1)

    def f():
        l1 = vae.train_batch(x)
        l2 = dae.train_batch(x)
        vae.network.train()
        (scores,) = vae.predict(x)[:1]
        (scores_dae,) = dae.predict(x)[:1]
        m = Metrics.compute(scores.numpy(), gt, ["ndcg@5", "recall@5", "hit@5", "mrr@5"])
        vae.network.train()
        dae.network.train()
        return l1, l2, scores_dae, m
    return f, ()


@entry("rectorch", "docs: CFGAN generator and discriminator training steps (partial-masking and zero-reconstruction sampling) and its predict, plus a conditioned C-Mult-VAE training step")
def rectorch_cfgan_cvae():
    import numpy as np
    from rectorch.models import CFGAN, CMultiVAE
    from rectorch.nets import CFGAN_D_net, CFGAN_G_net, CMultiVAE_net
    torch.manual_seed(0)
    np.random.seed(0)
    x = _rectorch_data()
    gan = CFGAN(CFGAN_G_net([40, 32, 40]), CFGAN_D_net([80, 16, 1]), alpha=0.1, s_pm=0.5, s_zr=0.3)
    cond = torch.zeros(16, 3)
    cond[torch.arange(16), torch.arange(16) % 3] = 1.
    cvae = CMultiVAE(CMultiVAE_net(3, [8, 24, 40], dropout=0.2), beta=0.2)

    def f():
        g = gan.train_gen_batch(x)
        d = gan.train_disc_batch(x)
        (pred,) = gan.predict(x)[:1]
        lc = cvae.train_batch(torch.cat([x, cond], 1), x)
        return g, d, pred, lc
    return f, ()


# ================================================================= deepchem ==
# held-out set 20, science batch. deepchem (the DeepChem library for deep learning in chemistry, biology and materials:
# RDKit featurizers, NumPy datasets and `TorchModel` wrappers with fit / predict / evaluate around PyTorch modules;
# only its pure-PyTorch models are used here, none of its DGL / PyG / Hugging Face / Lightning ones), as in its
# tutorials (`featurizer = dc.feat.DMPNNFeaturizer()`, `X = featurizer.featurize(smiles)`, `dataset =
# dc.data.NumpyDataset(X, y)`, `model = dc.models.DMPNNModel(...)`, `model.fit(dataset, nb_epoch=...)`,
# `model.predict(dataset)`, `model.evaluate(dataset, [dc.metrics.Metric(...)])`), on 8 small molecules with random
# labels, one epoch, model_dir in a temporary directory.
_DC_SMILES = ["CCO", "c1ccccc1O", "CC(=O)O", "CCN(CC)CC", "C1CCCCC1", "CC(C)Cc1ccc(C)cc1", "O=C=O", "CCOC(=O)C"]


@entry("deepchem", "tutorials: DMPNNModel (Chemprop-style directed message passing) on DMPNNFeaturizer graphs: fit one epoch (regression, 2 tasks) and predict")
def deepchem_dmpnn_fit_predict():
    import tempfile
    import numpy as np
    import deepchem as dc
    torch.manual_seed(0)
    np.random.seed(0)
    X = dc.feat.DMPNNFeaturizer().featurize(_DC_SMILES)
    ds = dc.data.NumpyDataset(X, np.random.rand(len(X), 2).astype(np.float32))
    model = dc.models.DMPNNModel(mode="regression", n_tasks=2, batch_size=4, enc_hidden=16, ffn_hidden=16,
                                 depth=2, model_dir=tempfile.mkdtemp())

    def f():
        loss = model.fit(ds, nb_epoch=1)
        return loss, model.predict(ds)
    return f, ()


@entry("deepchem", "tutorials: MATModel (molecule attention transformer) on MATFeaturizer inputs: fit one epoch and predict")
def deepchem_mat_fit_predict():
    import tempfile
    import numpy as np
    import deepchem as dc
    torch.manual_seed(0)
    np.random.seed(0)
    X = dc.feat.MATFeaturizer().featurize(_DC_SMILES[:6])
    ds = dc.data.NumpyDataset(X, np.random.rand(len(X), 1).astype(np.float32))
    model = dc.models.torch_models.MATModel(n_encoders=1, h=4, sa_hsize=32, d_input=32, d_hidden=32, d_output=32,
                                            encoder_hsize=32, gen_attn_hidden=16, batch_size=3,
                                            model_dir=tempfile.mkdtemp())

    def f():
        loss = model.fit(ds, nb_epoch=1)
        return loss, model.predict(ds)
    return f, ()


@entry("deepchem", "tutorials: ProgressiveMultitaskModel (classification, 3 tasks, with weights) fit one epoch on random fingerprints, and predict")
def deepchem_progressive_multitask():
    import tempfile
    import numpy as np
    import deepchem as dc
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    X = rng.random((24, 16)).astype(np.float32)
    y = (rng.random((24, 3)) > 0.5).astype(np.float32)
    ds = dc.data.NumpyDataset(X, y, w=np.ones_like(y))
    model = dc.models.torch_models.ProgressiveMultitaskModel(3, 16, layer_sizes=[12], mode="classification", batch_size=8,
                                                model_dir=tempfile.mkdtemp())

    def f():
        loss = model.fit(ds, nb_epoch=1)
        return loss, model.predict(ds)
    return f, ()


@entry("deepchem", "docs: WeaveModel on WeaveFeaturizer atom / pair features: one fit epoch and predict")
def deepchem_weave_fit():
    import tempfile
    import numpy as np
    import deepchem as dc
    torch.manual_seed(0)
    np.random.seed(0)
    Xw = dc.feat.WeaveFeaturizer().featurize(_DC_SMILES[:6])
    dsw = dc.data.NumpyDataset(Xw, np.random.rand(len(Xw), 1).astype(np.float32))
    weave = dc.models.torch_models.WeaveModel(1, mode="regression", n_hidden=16, n_graph_feat=16, batch_size=3,
                                              model_dir=tempfile.mkdtemp())

    def f():
        loss = weave.fit(dsw, nb_epoch=1)
        return loss, weave.predict(dsw)
    return f, ()


# ===================================================== boltzmann-generators ==
# held-out set 20, science batch. boltzmann-generators (a from-scratch PyTorch implementation of Noé et al.'s Boltzmann
# generators: RealNVP flows and a flow-matching CNF, benchmark energies (double well, Müller-Brown, a Ramachandran
# dipeptide surface), forward / reverse KL losses, importance reweighting with effective sample size and free-energy
# differences, Metropolis MCMC), as in its README quickstart (`flow = RealNVP(dim=2, ...)`, `model =
# FlowModel(GaussianPrior(dim=2), flow)`, `Trainer(model, DoubleWell2D(), TrainConfig(...)).fit(x_data=None)`) and
# its sampling / analysis helpers, with 2-3 epochs, small batches and small networks.
@entry("boltzmann-generators", "README quickstart: Trainer.fit (3 epochs, mixed reverse-KL loss) of a RealNVP FlowModel on DoubleWell2D, then sample_with_weights, effective sample size, free_energy_diff and basin_populations between two wells")
def boltzmann_generators_train_reweight():
    from boltzmann_generators.analysis import basin_populations, rectangular_region
    from boltzmann_generators.energies import DoubleWell2D
    from boltzmann_generators.flows import FlowModel, GaussianPrior, RealNVP
    from boltzmann_generators.sampling import effective_sample_size, free_energy_diff, sample_with_weights
    from boltzmann_generators.training import TrainConfig, Trainer
    torch.manual_seed(0)
    energy = DoubleWell2D()
    model = FlowModel(GaussianPrior(dim=2), RealNVP(dim=2, num_layers=4, hidden_dim=16, mask="halves"))
    trainer = Trainer(model, energy, TrainConfig(n_epochs=3, batch_size=32, lr=1e-3, w_ml=0.0, w_kl=1.0,
                                                 energy_max=100.0, grad_clip=10.0, log_every=1))
    left = rectangular_region(x_min=-3.0, x_max=0.0, y_min=-3.0, y_max=3.0)
    right = rectangular_region(x_min=0.0, x_max=3.0, y_min=-3.0, y_max=3.0)

    def f():
        hist = trainer.fit(x_data=None)
        x, log_q, log_w = sample_with_weights(model, energy, 64, chunk=32)
        ess = effective_sample_size(log_w)
        df = free_energy_diff(x, log_w, left, right)
        pops = basin_populations(x, {"left": left, "right": right}, log_w=log_w)
        return hist[-1]["loss"], x.detach(), ess, df, pops
    return f, ()


@entry("boltzmann-generators", "docs: Metropolis mcmc on the Müller-Brown surface (with acceptance rate) feeding mixed_loss (forward + reverse KL) of a RealNVP flow with backward; a flow-matching CNF (cfm_loss, Euler sampling and Hutchinson log_prob) and the dipeptide energy")
def boltzmann_generators_mcmc_cnf():
    from boltzmann_generators.energies import MullerBrown, RamachandranDipeptide
    from boltzmann_generators.flows import FlowModel, GaussianPrior, RealNVP
    from boltzmann_generators.flows.cnf import CNFFlowModel, VelocityField
    from boltzmann_generators.losses import mixed_loss
    from boltzmann_generators.mcmc import mcmc
    torch.manual_seed(0)
    mb = MullerBrown()
    dip = RamachandranDipeptide()
    model = FlowModel(GaussianPrior(dim=2), RealNVP(dim=2, num_layers=2, hidden_dim=16, mask="halves"))
    cnf = CNFFlowModel(VelocityField(2, hidden_dim=16, num_hidden=2, num_freqs=4))
    x0 = torch.tensor([[-0.5, 1.5], [0.6, 0.0]])

    def f():
        xs, acc = mcmc(mb, 20, x0=x0, sigma=0.1, n_chains=2, return_acceptance=True)
        xs = xs.reshape(-1, 2)
        loss, parts = mixed_loss(model, mb, xs, 16, "cpu", w_ml=1.0, w_kl=0.5, energy_max=1e3)
        loss.backward()
        cl = cnf.cfm_loss(xs)
        xc, lq = cnf.sample(8, n_steps=4)
        lp = cnf.log_prob(xs[:8], n_steps=4)
        return acc, loss.detach(), parts, cl.detach(), xc.detach(), lp.detach(), dip(torch.rand(5, 2) * 360 - 180)
    return f, ()


# =============================================================== bayestorch ==
# held-out set 20, science batch. bayestorch (Luca Della Libera's Bayesian deep-learning building blocks for PyTorch:
# PriorModule / VariationalPosteriorModule (Bayes by Backprop) / ParticlePosteriorModule wrappers that put a prior and
# a posterior over any module's flattened parameters, reparameterised normal distributions, and the SGLD / SGHMC / SVGD
# samplers as optimizers), as in its docstring examples (`model = VariationalPosteriorModule(nn.Linear(...),
# prior_builder=LogScaleNormal, prior_kwargs=..., posterior_builder=SoftplusInvScaleNormal, posterior_kwargs=...)`,
# `outputs, kl_divs = model(x, num_mc_samples=..., return_kl_div=True)`, `SVGD(models.parameters(), rbf_kernel,
# num_particles).step()`), with a small MLP and random regression data.
def _bayestorch_mlp():
    return torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))


@entry("bayestorch", "docstrings: a Bayes-by-Backprop training step (VariationalPosteriorModule with a LogScaleNormal prior and a SoftplusInvScaleNormal posterior, 3 MC samples, sampled and exact KL) and a PriorModule MAP step with the log prior")
def bayestorch_bbb_step():
    from bayestorch.distributions import LogScaleNormal, SoftplusInvScaleNormal
    from bayestorch.nn import PriorModule, VariationalPosteriorModule
    torch.manual_seed(0)
    n = sum(p.numel() for p in _bayestorch_mlp().parameters())
    vmodel = VariationalPosteriorModule(
        _bayestorch_mlp(), prior_builder=LogScaleNormal,
        prior_kwargs={"loc": torch.zeros(n), "log_scale": torch.full((n,), -1.0)},
        posterior_builder=SoftplusInvScaleNormal,
        posterior_kwargs={"loc": torch.zeros(n, requires_grad=True),
                          "softplus_inv_scale": torch.full((n,), -7.0, requires_grad=True)})
    pmodel = PriorModule(_bayestorch_mlp(), prior_builder=LogScaleNormal,
                         prior_kwargs={"loc": torch.zeros(n), "log_scale": torch.full((n,), -1.0)})
    opt = torch.optim.Adam(list(vmodel.parameters()) + list(pmodel.parameters()), lr=1e-2)
    x, y = torch.rand(10, 4), torch.randn(10, 2)

    def f():
        opt.zero_grad()
        outs, kl = vmodel(x, num_mc_samples=3, return_kl_div=True, reduction="mean")
        out_p, log_prior = pmodel(x, return_log_prior=True)
        loss = (outs - y).pow(2).mean() + 1e-3 * kl + (out_p - y).pow(2).mean() - 1e-3 * log_prior
        loss.backward()
        opt.step()
        with torch.no_grad():
            _, kl_exact = vmodel(x, num_mc_samples=2, return_kl_div=True, exact_kl_div=True)
        return loss.detach(), kl_exact.detach()
    return f, ()


@entry("bayestorch", "docstrings: ParticlePosteriorModule (5 particles) with SVGD as preconditioner (RBF kernel with the median heuristic) and SGD, plus SGLD and SGHMC sampler steps on a plain MLP")
def bayestorch_svgd_sgld():
    import math
    from bayestorch.distributions import LogScaleNormal
    from bayestorch.nn import ParticlePosteriorModule
    from bayestorch.optim import SGHMC, SGLD, SVGD
    torch.manual_seed(0)

    def rbf_kernel(x1, x2):
        sq = torch.cdist(x1, x2) ** 2
        bandwidth = sq.detach().median() / math.log(min(x1.shape[0], x2.shape[0]))
        return (-sq / bandwidth).exp()

    n = sum(p.numel() for p in _bayestorch_mlp().parameters())
    pmodel = ParticlePosteriorModule(_bayestorch_mlp(), prior_builder=LogScaleNormal,
                                     prior_kwargs={"loc": torch.zeros(n), "log_scale": torch.full((n,), -1.0)},
                                     num_particles=5)
    precond = SVGD(pmodel.parameters(), rbf_kernel, 5)
    sgd = torch.optim.SGD(pmodel.parameters(), lr=1e-2)
    m1, m2 = _bayestorch_mlp(), _bayestorch_mlp()
    sgld = SGLD(m1.parameters(), lr=1e-3)
    sghmc = SGHMC(m2.parameters(), lr=1e-3)
    x, y = torch.rand(10, 4), torch.randn(10, 2)

    def f():
        sgd.zero_grad()
        outs, log_priors = pmodel(x, return_log_prior=True, reduction="none")
        loss = (outs - y).pow(2).mean() - 1e-3 * log_priors.mean()
        loss.backward()
        precond.step()
        sgd.step()
        for m, o in ((m1, sgld), (m2, sghmc)):
            o.zero_grad()
            (m(x) - y).pow(2).mean().backward()
            o.step()
        return loss.detach()
    return f, ()


# =================================================================== zflows ==
# held-out set 20, science batch. zflows (PyTorch normalizing flows for energy-based sampling and Boltzmann generators:
# NSF / RealNVP / CNF flows with a fixed-step RK4 integrator, Potential energies, reverse / forward KL losses, importance
# weights, resampling, Langevin / HMC rejuvenation and sequential Monte Carlo), as in its README (`flow = NSF(a=..., b=...,
# bins=8, transforms=4, ...)`, `F = flow.t()`, `loss = reverse_KL_F(x, target, F)`, `importance_weights_F(samples,
# source, target, F)`, `resample(samples, weights)`, `compute_ESS(weights)`), without its opt-in compiled fast paths
# (its Langevin / HMC / SMC samplers need the compiled `Potential.enable_grad()` and are not used), in 2 dimensions
# with small networks and 32-64 samples.
@entry("zflows", "README: a reverse-KL training step of an NSF and a forward-KL step of a RealNVP from a Gaussian to a 2-component Gaussian mixture, then importance weights, ESS / CESS and multinomial resampling")
def zflows_kl_train_smc():
    from zflows.flow import NSF, RealNVP
    from zflows.loss import forward_KL_F, reverse_KL_F
    from zflows.potential import Gaussian, Gaussian_Mixture
    from zflows.utils import compute_CESS, compute_ESS, importance_weights_F, resample
    torch.manual_seed(0)
    source = Gaussian([0.0, 0.0], [1.0, 1.0])
    target = Gaussian_Mixture([0.5, 0.5], [[-1.5, 0.0], [1.5, 0.0]], [[0.3, 0.3], [0.3, 0.3]])
    nsf = NSF(a=[-4.0, -4.0], b=[4.0, 4.0], bins=4, transforms=2, hidden_features=(16, 16))
    rnvp = RealNVP(dimension=2, transforms=2, hidden_features=(16, 16))
    opt = torch.optim.Adam(list(nsf.parameters()) + list(rnvp.parameters()), lr=1e-3)
    x = torch.randn(64, 2)
    y = torch.cat([torch.randn(32, 2) * 0.5 - 1.5, torch.randn(32, 2) * 0.5 + 1.5])

    def f():
        F, G = nsf.t(), rnvp.t()
        loss = reverse_KL_F(x, target, F) + forward_KL_F(y, source, G)
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            w = importance_weights_F(x, source, target, nsf.t())
        ess, cess = compute_ESS(w), compute_CESS(torch.full_like(w, 1.0 / len(w)), w)
        xs = resample(x, w)
        return loss.detach(), ess, cess, xs
    return f, ()


@entry("zflows", "README: a CNF (RK4, exact trace) and an OTFlow: pushforward with log-det and inverse, a reverse-KL step of the CNF towards a linear combination of potentials, importance weights through the inverse map")
def zflows_cnf_otflow():
    from zflows.flow import CNF, OTFlow
    from zflows.loss import reverse_KL_F
    from zflows.potential import Gaussian, Gaussian_Mixture, linear_combination
    from zflows.utils import compute_ESS_log, importance_weights_log_G
    torch.manual_seed(0)
    source = Gaussian([0.0, 0.0], [1.0, 1.0])
    target = Gaussian_Mixture([0.3, 0.7], [[-1.0, 0.5], [1.0, -0.5]], [[0.4, 0.4], [0.4, 0.4]])
    mix = linear_combination([source, target], [0.5, 0.5])
    cnf = CNF(dimension=2, frequency=2, nt=4, exact=True, hidden_features=(16, 16))
    ot = OTFlow(dimension=2, hidden=16, layer=2, rank=2, nt=4)
    opt = torch.optim.Adam(cnf.parameters(), lr=1e-3)
    x = torch.randn(32, 2)

    def f():
        y, ladj = cnf.t().call_and_ladj(x)
        loss = reverse_KL_F(x, mix, cnf.t())
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            yo, lo = ot.t().call_and_ladj(x)
            xb = ot.t().inv(yo)
            lw = importance_weights_log_G(x, source, target, ot.t())
        return y.detach(), ladj.detach(), loss.detach(), yo, lo, xb, compute_ESS_log(lw)
    return f, ()


# ---- held-out set 20, media batch (chosen 2026-11-22 by a helper session)
PACKAGES.update({
    "lhotse": {"dirs": ["lhotse"], "split": "dev"},
    "fightingcv-attention": {"dirs": ["fightingcv_attention"], "split": "dev"}, "pytorch-tdnn": {"dirs": ["pytorch_tdnn"], "split": "dev"},
    "squeezeformer": {"dirs": ["squeezeformer"], "split": "dev"}, "audioseal": {"dirs": ["audioseal"], "split": "dev"},
})


# ==================================================================== lhotse ==
# held-out set 20, media batch. lhotse (k2-fsa's speech data toolkit used by icefall / k2 recipes: Kaldi-compatible
# filter-bank / MFCC / spectrogram front-ends as torch modules, feature extractors with a NumPy API, SpecAugment and randomized smoothing for on-the-fly augmentation), as in its docs
# (`Wav2LogFilterBank(...)(audio)`, `Fbank(FbankConfig(...)).extract(samples, 16000)`, `SpecAugment(...)(feats,
# supervision_segments)`), with tiny random waveforms.
@entry("lhotse", "docs: Kaldi-compatible Wav2LogFilterBank / Wav2MFCC / Wav2LogSpec / Wav2Spec front-ends (povey, hamming windows, energy, dither) on a batch of waveforms, then global mean-variance normalisation")
def lhotse_kaldi_frontends():
    from lhotse.dataset.signal_transforms import GlobalMVN
    from lhotse.features.kaldi.layers import Wav2LogFilterBank, Wav2LogSpec, Wav2MFCC, Wav2Spec
    torch.manual_seed(0)
    fb = Wav2LogFilterBank(sampling_rate=16000, num_filters=40)
    mf = Wav2MFCC(sampling_rate=16000, num_ceps=13, num_filters=23, window_type="hamming")
    ls = Wav2LogSpec(sampling_rate=16000, use_energy=True, remove_dc_offset=False, dither=0.1)
    sp = Wav2Spec(sampling_rate=16000, snip_edges=True)
    mvn = GlobalMVN(40)
    audio = torch.randn(2, 4000) * 0.1

    def f():
        feats = fb(audio)
        return mvn(feats).sum() + mf(audio).sum() + ls(audio).mean() + sp(audio).mean()
    return f, ()


@entry("lhotse", "docs: Fbank / Mfcc / Spectrogram extractors' extract() on NumPy samples and extract_batch on tensors of different lengths")
def lhotse_feature_extractors():
    import numpy as np
    from lhotse import Fbank, FbankConfig, Mfcc, MfccConfig, Spectrogram, SpectrogramConfig
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    fbank = Fbank(FbankConfig(num_filters=40))
    mfcc = Mfcc(MfccConfig(num_ceps=13))
    spec = Spectrogram(SpectrogramConfig())
    samples = (rng.standard_normal(4000) * 0.1).astype(np.float32)
    batch = [torch.randn(3200) * 0.1, torch.randn(4000) * 0.1]

    def f():
        a = fbank.extract(samples, 16000)
        b = mfcc.extract(samples, 16000)
        c = spec.extract(samples, 16000)
        d = fbank.extract_batch(batch, sampling_rate=16000)
        return float(a.sum() + b.sum() + c.mean()) + sum(float(x.sum()) for x in d)
    return f, ()


@entry("lhotse", "docs: SpecAugment (time warp, frequency and time masks) on a padded feature batch with and without supervision segments, and RandomizedSmoothing of waveforms with a sigma schedule")
def lhotse_spec_augment():
    import random
    from lhotse.dataset.signal_transforms import RandomizedSmoothing, SpecAugment
    torch.manual_seed(0)
    random.seed(0)
    aug = SpecAugment(time_warp_factor=10, num_feature_masks=2, features_mask_size=5, num_frame_masks=3,
                      frames_mask_size=8, max_frames_mask_fraction=0.3, p=1.0)
    smooth = RandomizedSmoothing(sigma=[(0, 0.01), (2, 0.05)], sample_sigma=True, p=0.5)
    feats = torch.randn(3, 60, 20)
    segs = torch.tensor([[0, 0, 60], [1, 5, 40], [2, 10, 30]], dtype=torch.int32)
    audio = torch.randn(3, 1600) * 0.1

    def f():
        random.seed(0)
        a = aug(feats)
        b = aug(feats, segs)
        c = smooth(audio)
        return a.sum() + b.sum() + c.sum()
    return f, ()


# ====================================================== fightingcv-attention ==
# held-out set 20, media batch. fightingcv-attention (the PyPI package of xmu-xiaoma666's External-Attention-pytorch
# collection: channel / spatial / self-attention blocks, MLP and re-parameterised conv blocks and small backbones in
# plain PyTorch), as in each module's README / `__main__` example (`SEAttention(channel=512, reduction=8)(x)`,
# `ScaledDotProductAttention(d_model, d_k, d_v, h)(q, k, v)`, `RepBlock(...)._switch_to_deploy()`), with small
# channel counts and random weights; the modules that import timm are not used.
@entry("fightingcv-attention", "README: channel / spatial attention blocks (SE, SK, CBAM, BAM, ECA, PSA, SGE, shuffle, triplet, SimAM, ParNet, polarized, CoT, residual, S2, double, DANet, criss-cross, coordinate, ACmix, halo) on a feature map in training mode")
def fcv_channel_spatial_attention():
    from fightingcv_attention.attention.A2Atttention import DoubleAttention
    from fightingcv_attention.attention.ACmixAttention import ACmix
    from fightingcv_attention.attention.BAM import BAMBlock
    from fightingcv_attention.attention.CBAM import CBAMBlock
    from fightingcv_attention.attention.CoordAttention import CoordAtt
    from fightingcv_attention.attention.CoTAttention import CoTAttention
    from fightingcv_attention.attention.CrissCrossAttention import CrissCrossAttention
    from fightingcv_attention.attention.DANet import DAModule
    from fightingcv_attention.attention.ECAAttention import ECAAttention
    from fightingcv_attention.attention.HaloAttention import HaloAttention
    from fightingcv_attention.attention.ParNetAttention import ParNetAttention
    from fightingcv_attention.attention.PolarizedSelfAttention import (ParallelPolarizedSelfAttention,
                                                                      SequentialPolarizedSelfAttention)
    from fightingcv_attention.attention.PSA import PSA
    from fightingcv_attention.attention.ResidualAttention import ResidualAttention
    from fightingcv_attention.attention.S2Attention import S2Attention
    from fightingcv_attention.attention.SEAttention import SEAttention
    from fightingcv_attention.attention.SGE import SpatialGroupEnhance
    from fightingcv_attention.attention.ShuffleAttention import ShuffleAttention
    from fightingcv_attention.attention.SimAM import SimAM
    from fightingcv_attention.attention.SKAttention import SKAttention
    from fightingcv_attention.attention.TripletAttention import TripletAttention
    torch.manual_seed(0)
    C = 32
    mods = torch.nn.ModuleList([
        SEAttention(channel=C, reduction=8), SKAttention(channel=C, reduction=8),
        CBAMBlock(channel=C, reduction=8, kernel_size=7), BAMBlock(channel=C, reduction=8, dia_val=2),
        ECAAttention(kernel_size=3), PSA(channel=C, reduction=8), SpatialGroupEnhance(groups=8),
        ShuffleAttention(channel=C, G=8), TripletAttention(), SimAM(C), ParNetAttention(channel=C),
        SequentialPolarizedSelfAttention(channel=C), ParallelPolarizedSelfAttention(channel=C),
        CoTAttention(dim=C, kernel_size=3), DoubleAttention(C, 16, 16, True), CrissCrossAttention(C),
        CoordAtt(C, C), ACmix(in_planes=C, out_planes=C), HaloAttention(dim=C, block_size=2, halo_size=1, heads=4,
                                                                       dim_head=8)])
    res = ResidualAttention(channel=C, num_class=10, la=0.2)
    wide = torch.nn.ModuleList([S2Attention(channels=512), DAModule(d_model=512, kernel_size=3, H=7, W=7)])
    x = torch.randn(2, C, 7, 7)
    x512 = torch.randn(1, 512, 7, 7)
    x8 = torch.randn(2, C, 8, 8)

    def f():
        loss = res(x).sum() + sum(m(x512).mean() for m in wide)
        for m in mods:
            inp = x8 if isinstance(m, HaloAttention) else x
            loss = loss + m(inp).float().mean()
        return loss
    return f, ()


@entry("fightingcv-attention", "README: sequence attention (scaled dot-product, simplified, external, AFT-full, EMSA, MUSE, UFO, MobileViTv2) on tokens, outlook attention and ViP permute-MLP on a channels-last map, with backward")
def fcv_token_attention():
    from fightingcv_attention.attention.AFT import AFT_FULL
    from fightingcv_attention.attention.EMSA import EMSA
    from fightingcv_attention.attention.ExternalAttention import ExternalAttention
    from fightingcv_attention.attention.MobileViTv2Attention import MobileViTv2Attention
    from fightingcv_attention.attention.MUSEAttention import MUSEAttention
    from fightingcv_attention.attention.OutlookAttention import OutlookAttention
    from fightingcv_attention.attention.SelfAttention import ScaledDotProductAttention
    from fightingcv_attention.attention.SimplifiedSelfAttention import SimplifiedScaledDotProductAttention
    from fightingcv_attention.attention.UFOAttention import UFOAttention
    from fightingcv_attention.attention.ViP import WeightedPermuteMLP
    torch.manual_seed(0)
    D = 32
    qkv = torch.nn.ModuleList([
        ScaledDotProductAttention(d_model=D, d_k=D, d_v=D, h=4), SimplifiedScaledDotProductAttention(d_model=D, h=4),
        MUSEAttention(d_model=D, d_k=D, d_v=D, h=4), UFOAttention(d_model=D, d_k=D, d_v=D, h=4)])
    single = torch.nn.ModuleList([ExternalAttention(d_model=D, S=8), AFT_FULL(d_model=D, n=16),
                                  MobileViTv2Attention(d_model=D)])
    emsa = EMSA(d_model=D, d_k=D, d_v=D, h=4, H=4, W=4, ratio=2, apply_transform=True)
    outlook = OutlookAttention(dim=D)
    vip = WeightedPermuteMLP(D, 4)
    tok = torch.randn(2, 16, D)
    mask = torch.zeros(2, 4, 16, 16, dtype=torch.bool)
    mask[:, :, :, 12:] = True
    grid = torch.randn(2, 8, 8, D)
    grid4 = torch.randn(2, 4, 4, D)

    def f():
        loss = 0.0
        for m in qkv:
            loss = loss + m(tok, tok, tok).mean()
        loss = loss + qkv[0](tok, tok, tok, attention_mask=mask).mean()
        for m in single:
            loss = loss + m(tok).mean()
        loss = loss + emsa(tok, tok, tok).mean() + outlook(grid).mean() + vip(grid4).mean()
        loss.backward()
        return loss.detach()
    return f, ()


@entry("fightingcv-attention", "README: conv and MLP blocks (CondConv, DynamicConv, involution, MBConv, depthwise-separable, gMLP, MLP-Mixer, ResMLP, sMLP) and RepVGG / ACNet training-form blocks against their _switch_to_deploy fused copies")
def fcv_conv_mlp_rep():
    from fightingcv_attention.conv.CondConv import CondConv
    from fightingcv_attention.conv.DepthwiseSeparableConvolution import DepthwiseSeparableConvolution
    from fightingcv_attention.conv.DynamicConv import DynamicConv
    from fightingcv_attention.conv.Involution import Involution
    from fightingcv_attention.conv.MBConv import MBConvBlock
    from fightingcv_attention.mlp.g_mlp import gMLP
    from fightingcv_attention.mlp.mlp_mixer import MlpMixer
    from fightingcv_attention.mlp.resmlp import ResMLP
    from fightingcv_attention.mlp.sMLP_block import sMLPBlock
    from fightingcv_attention.rep.acnet import ACNet
    from fightingcv_attention.rep.repvgg import RepBlock
    torch.manual_seed(0)
    convs = torch.nn.ModuleList([
        CondConv(in_planes=8, out_planes=16, kernel_size=3, stride=1, padding=1, bias=False),
        DynamicConv(in_planes=8, out_planes=16, kernel_size=3, stride=1, padding=1, bias=False),
        Involution(kernel_size=3, in_channel=8, stride=2), DepthwiseSeparableConvolution(8, 16)])
    mb = MBConvBlock(ksize=3, input_filters=3, output_filters=3, image_size=16)
    gmlp = gMLP(num_tokens=100, len_sen=12, dim=32, d_ff=64, num_layers=2)
    mixer = MlpMixer(num_classes=10, num_blocks=2, patch_size=4, tokens_hidden_dim=16, channels_hidden_dim=32,
                     tokens_mlp_dim=16, channels_mlp_dim=32)
    resmlp = ResMLP(dim=32, image_size=16, patch_size=4, class_num=10)
    smlp = sMLPBlock(h=16, w=16, c=3)
    import copy
    rep = RepBlock(8, 8).eval()
    ac = ACNet(8, 8).eval()
    rep_d, ac_d = copy.deepcopy(rep), copy.deepcopy(ac)
    rep_d._switch_to_deploy()
    ac_d._switch_to_deploy()
    x8 = torch.randn(2, 8, 16, 16)
    img = torch.randn(2, 3, 16, 16)
    ids = torch.randint(0, 100, (2, 12))

    def f():
        out = sum(m(x8).mean() for m in convs)
        out = out + mb(img).mean() + gmlp(ids).mean() + mixer(img).mean() + resmlp(img).mean() + smlp(img).mean()
        a = rep(x8) + ac(x8)
        b = rep_d(x8) + ac_d(x8)
        return out + (a - b).abs().max()
    return f, (), {}


# ============================================================= squeezeformer ==
# held-out set 20, media batch. squeezeformer (upskyy's PyTorch Squeezeformer, the speech-recognition encoder with a
# temporal U-Net that downsamples and recovers the frame rate, relative-position multi-head attention and depthwise
# conv modules), as in its README (`Squeezeformer(num_classes=...)`, `outputs, output_lengths = model(inputs,
# input_lengths)`, `nn.CTCLoss` on the transposed log-probs), with a tiny encoder and random features.
@entry("squeezeformer", "README: a CTC training step of a tiny Squeezeformer (temporal U-Net reduce / recover layers) on padded features with per-utterance lengths, loss and backward")
def squeezeformer_ctc_step():
    from squeezeformer.model import Squeezeformer
    torch.manual_seed(0)
    model = Squeezeformer(num_classes=10, input_dim=16, encoder_dim=32, num_encoder_layers=4, reduce_layer_index=1,
                          recover_layer_index=3, num_attention_heads=4, conv_kernel_size=7).train()
    crit = torch.nn.CTCLoss()
    opt = torch.optim.SGD(model.parameters(), lr=1e-3)
    inputs = torch.randn(3, 64, 16)
    input_lengths = torch.IntTensor([64, 52, 40])
    targets = torch.LongTensor([[1, 3, 3, 4, 5, 2], [1, 3, 4, 5, 2, 0], [1, 3, 6, 2, 0, 0]])
    target_lengths = torch.LongTensor([5, 4, 3])

    def step():
        opt.zero_grad()
        outputs, output_lengths = model(inputs, input_lengths)
        loss = crit(outputs.transpose(0, 1), targets[:, 1:], output_lengths, target_lengths)
        loss.backward()
        opt.step()
        return loss.detach(), output_lengths
    return step, ()


@entry("squeezeformer", "README: eval-mode Squeezeformer on a batch of different lengths, then greedy CTC decoding of the log-probs")
def squeezeformer_greedy_decode():
    from squeezeformer.model import Squeezeformer
    torch.manual_seed(0)
    model = Squeezeformer(num_classes=8, input_dim=16, encoder_dim=32, num_encoder_layers=4, reduce_layer_index=1,
                          recover_layer_index=3, num_attention_heads=4, conv_kernel_size=7,
                          half_step_residual=True).eval()
    inputs = torch.randn(2, 48, 16)
    input_lengths = torch.IntTensor([48, 33])

    @torch.no_grad()
    def decode():
        outputs, output_lengths = model(inputs, input_lengths)
        best = outputs.argmax(-1)
        keep = torch.ones_like(best, dtype=torch.bool)
        keep[:, 1:] = best[:, 1:] != best[:, :-1]
        keep &= best != 0
        return best * keep, output_lengths
    return decode, ()


# ================================================================= audioseal ==
# held-out set 20, media batch. audioseal (Meta's AudioSeal localized audio watermarking: a SEANet encoder / decoder
# generator with a message embedding, a SEANet detector with per-frame scores and bit decoding, a loudness
# envelope normaliser, and a causal moshi-style streaming variant), as in its README (`model(wav, sample_rate=16000,
# message=msg, alpha=1)`, `detector.detect_watermark(wav)`, `with model.streaming(batch_size=1): ...`). The model cards
# shipped with the package are parsed with `AudioSeal.parse_config` and shrunk (with `NO_TORCH_COMPILE=1`, which turns
# off the vendored moshi modules' own lazy `torch.compile`); `create_generator` / `create_detector`
# build them with random weights (the cards' checkpoints are downloads and are not loaded).
def _audioseal_builder():
    # the vendored moshi SEANet wraps some forwards in its own lazy torch.compile (inductor) unless NO_TORCH_COMPILE
    # is set when it is imported; set it so that eager is eager and only collect.py's torch.compile traces it
    os.environ["NO_TORCH_COMPILE"] = "1"
    import audioseal.builder
    return audioseal.builder


def _audioseal_config(card, config_type, normalizer=False):
    from omegaconf import OmegaConf
    from audioseal.loader import AudioSeal, load_local_model_config
    d = OmegaConf.to_container(load_local_model_config(card))
    d.pop("checkpoint")
    d["seanet"].update(n_filters=4, dimension=16, ratios=[4, 2], lstm=1)
    d["normalizer"] = normalizer
    return AudioSeal.parse_config(d, config_type=config_type, nbits=16)


@entry("audioseal", "README: AudioSeal generator (SEANet encoder, message processor, decoder, envelope normaliser) watermarking a batch with a given and a random message, then the detector's detect_watermark / decode_message")
def audioseal_watermark_detect():
    b = _audioseal_builder()
    AudioSealDetectorConfig, AudioSealWMConfig = b.AudioSealDetectorConfig, b.AudioSealWMConfig
    create_detector, create_generator = b.create_detector, b.create_generator
    torch.manual_seed(0)
    gen = create_generator(_audioseal_config("audioseal_wm_16bits", AudioSealWMConfig, normalizer=True)).eval()
    det = create_detector(_audioseal_config("audioseal_detector_16bits", AudioSealDetectorConfig)).eval()
    wav = torch.randn(2, 1, 1600) * 0.1
    msg = torch.randint(0, 2, (2, 16))

    @torch.no_grad()
    def f():
        marked = gen(wav, sample_rate=16000, message=msg, alpha=0.8)
        wm = gen.get_watermark(wav, sample_rate=16000)
        prob, bits = det.detect_watermark(marked, sample_rate=16000)
        result, message = det(wav + wm, sample_rate=16000)
        return prob, bits, det.decode_message(result), message
    return f, ()


@entry("audioseal", "README: AudioSeal watermarking training step (generator + detector, BCE detection loss on watermarked vs clean audio and a bit loss), backward")
def audioseal_train_step():
    b = _audioseal_builder()
    AudioSealDetectorConfig, AudioSealWMConfig = b.AudioSealDetectorConfig, b.AudioSealWMConfig
    create_detector, create_generator = b.create_detector, b.create_generator
    torch.manual_seed(0)
    gen = create_generator(_audioseal_config("audioseal_wm_16bits", AudioSealWMConfig)).train()
    det = create_detector(_audioseal_config("audioseal_detector_16bits", AudioSealDetectorConfig)).train()
    wav = torch.randn(2, 1, 1600) * 0.1
    msg = torch.randint(0, 2, (2, 16))

    def f():
        marked = gen(wav, message=msg)
        pos, pos_msg = det(marked)
        neg, _ = det(wav)
        bce = torch.nn.functional.binary_cross_entropy
        loss = bce(pos[:, 1], torch.ones_like(pos[:, 1])) + bce(neg[:, 1], torch.zeros_like(neg[:, 1]))
        loss = loss + bce(pos_msg, msg.float()) + (marked - wav).abs().mean()
        loss.backward()
        return loss.detach()
    return f, ()


@entry("audioseal", "README: streaming watermarking with the causal (moshi SEANet) generator card: chunks inside model.streaming(batch_size=1), then the detector on the concatenated result")
def audioseal_streaming():
    b = _audioseal_builder()
    AudioSealDetectorConfig, AudioSealWMConfig = b.AudioSealDetectorConfig, b.AudioSealWMConfig
    create_detector, create_generator = b.create_detector, b.create_generator
    torch.manual_seed(0)
    gen = create_generator(_audioseal_config("audioseal_wm_streaming", AudioSealWMConfig)).eval()
    det = create_detector(_audioseal_config("audioseal_detector_streaming", AudioSealDetectorConfig)).eval()
    wav = torch.randn(1, 1, 1280) * 0.1
    msg = torch.randint(0, 2, (1, 16))

    @torch.no_grad()
    def f():
        outs = []
        with gen.streaming(batch_size=1):
            for chunk in wav.split(320, dim=-1):
                outs.append(gen(chunk, sample_rate=16000, message=msg, alpha=1.0))
        marked = torch.cat(outs, dim=-1)
        return det.detect_watermark(marked, sample_rate=16000)
    return f, ()


@entry("lhotse", "docs: streaming Kaldi front-ends: Wav2LogFilterBank / Wav2MFCC online_inference over audio chunks, carrying the remainder between calls")
def lhotse_online_frontends():
    from lhotse.features.kaldi.layers import Wav2LogFilterBank, Wav2MFCC
    torch.manual_seed(0)
    fb = Wav2LogFilterBank(sampling_rate=16000, num_filters=40, dither=0.0)
    mf = Wav2MFCC(sampling_rate=16000, num_ceps=13, num_filters=23, dither=0.0)
    audio = torch.randn(2, 4000) * 0.1

    def f():
        outs = []
        ctx_fb = ctx_mf = None
        for chunk in audio.split(1000, dim=1):
            feats, ctx_fb = fb.online_inference(chunk, context=ctx_fb)
            ceps, ctx_mf = mf.online_inference(chunk, context=ctx_mf)
            outs.append(feats.sum() + ceps.sum())
        return torch.stack(outs)
    return f, ()


@entry("lhotse", "docs: sinc resampling (functional resample with hann / kaiser windows and the cached-kernel Resample module) of a waveform batch, then the Speed / Volume / Resample data-augmentation transforms on NumPy samples")
def lhotse_resample_augment():
    import numpy as np
    from lhotse.augmentation import Resample, Speed, Volume
    from lhotse.augmentation.resample import Resample as ResampleModule, resample
    torch.manual_seed(0)
    wav = torch.randn(2, 1600) * 0.1
    mod = ResampleModule(orig_freq=16000, new_freq=8000)
    samples = (np.random.default_rng(0).standard_normal((1, 1600)) * 0.1).astype(np.float32)
    speed, vol, rs = Speed(factor=1.1), Volume(factor=0.5), Resample(source_sampling_rate=16000, target_sampling_rate=8000)

    def f():
        a = resample(wav, 16000, 22050)
        b = resample(wav, 16000, 12000, resampling_method="sinc_interp_kaiser", beta=14.0)
        c = mod(wav)
        d = speed(samples, 16000)
        e = vol(samples, 16000)
        g = rs(samples)
        return a.sum() + b.sum() + c.sum() + float(d.sum() + e.sum() + g.sum())
    return f, ()


# ============================================================== pytorch-tdnn ==
# held-out set 20, media batch. pytorch-tdnn (Desh Raj's Kaldi-style time-delay neural network layers for speech: TDNN
# as a dilated weight-normalised Conv1d, and the factorised TDNN-F with semi-orthogonal constrained factors and
# Kaldi's semi-orthogonality update step), as in its README (`TDNN(input_dim, output_dim, context=[-2, 0, 2])(x)`,
# `TDNNF(input_dim, output_dim, bottleneck_dim, time_stride)(x, semi_ortho_step=True)`, `orth_error()`), with small
# dimensions and random features.
@entry("pytorch-tdnn", "README: a TDNN / TDNN-F x-vector style stack training step: TDNN layers, TDNN-F layers taking the semi-orthogonal step, statistics pooling, cross-entropy, backward and the layers' orth_error")
def tdnn_tdnnf_train_step():
    from pytorch_tdnn.tdnn import TDNN
    from pytorch_tdnn.tdnnf import TDNNF
    torch.manual_seed(0)
    layers = torch.nn.ModuleList([TDNN(20, 32, context=[-2, 0, 2]), TDNN(32, 32, context=[0])])
    tdnnf = torch.nn.ModuleList([TDNNF(32, 32, bottleneck_dim=8, time_stride=1),
                                 TDNNF(32, 32, bottleneck_dim=8, time_stride=0)])
    head = torch.nn.Linear(64, 5)
    params = [*layers.parameters(), *tdnnf.parameters(), *head.parameters()]
    opt = torch.optim.SGD(params, lr=1e-2)
    x = torch.randn(3, 20, 30)
    y = torch.tensor([0, 3, 4])

    def step():
        opt.zero_grad()
        h = x
        for m in layers:
            h = torch.relu(m(h))
        for m in tdnnf:
            h = torch.relu(m(h, semi_ortho_step=True))
        stats = torch.cat([h.mean(-1), h.std(-1)], dim=-1)
        loss = torch.nn.functional.cross_entropy(head(stats), y)
        loss.backward()
        opt.step()
        return loss.detach(), sum(m.orth_error() for m in tdnnf)
    return step, ()


# ---- held-out set 21, training batch (chosen 2026-11-22 by a helper session)
PACKAGES.update({
    "pytorch-tools": {"dirs": ["pytorch_tools"], "split": "dev"},
    "cleanlab": {"dirs": ["cleanlab"], "split": "dev"},
    "mct-quantizers": {"dirs": ["mct_quantizers"], "split": "dev"},
    "lsuv": {"dirs": ["lsuv"], "split": "dev"},
    "adamw-bf16": {"dirs": ["adamw_bf16"], "split": "dev"}, "ckatorch": {"dirs": ["ckatorch"], "split": "dev"},
})


# ============================================================ pytorch-tools ==
# held-out set 21, training batch. pytorch-tools (bonlime's "Tool box for PyTorch", the `pytorch_tools` package:
# segmentation / classification losses, metrics, optimizers and schedulers, ResNet / EfficientNet encoders and
# segmentation models, and a `Runner` fit wrapper with callbacks such as Mixup, gradient clipping and model EMA), as in
# its README (`pt.losses.DiceLoss(mode=...)`, `0.5 * loss1 + loss2`, `pt.models.resnet18(...)`,
# `pt.segmentation_models.Unet("resnet18", encoder_weights=None, ...)`, `Runner(model, optimizer, criterion,
# callbacks=[...]).fit(loader, epochs=...)`), with tiny inputs and random weights (`pretrained=None`, no download).
# `pytorch_tools.metrics.psnr` imports OpenCV at import time (undeclared, used only by its PSNR / SSIM metrics, which
# are not used): the builders put an empty `cv2` module in `sys.modules` when OpenCV is not installed, so no OpenCV
# wheel is added to the venv (several benchmarked packages change behaviour when it is there). `Runner._make_step`
# calls `torch.cuda.synchronize()` after every training step, which fails without CUDA: the Runner builder replaces it
# with a no-op.
def _pytorch_tools():
    import sys
    import types
    if "cv2" not in sys.modules and importlib.util.find_spec("cv2") is None:
        sys.modules["cv2"] = types.ModuleType("cv2")
    import pytorch_tools
    return pytorch_tools


@entry("pytorch-tools", "README / losses: Dice / Jaccard (log) / Focal / per-image Lovasz multiclass losses on segmentation logits, binary Dice / normalized Focal / Lovasz / BinaryKLDiv / BCE, label-smoothed cross-entropy with temperature, a weighted sum of losses, Wing and SmoothL1 regression losses, backward; BinaryHinge without backward")
def ptools_losses():
    pt = _pytorch_tools()
    L = pt.losses
    torch.manual_seed(0)
    seg_logits = torch.randn(2, 3, 16, 16, requires_grad=True)
    seg_t = torch.randint(0, 3, (2, 16, 16))
    bin_logits = torch.randn(2, 1, 16, 16, requires_grad=True)
    bin_t = (torch.rand(2, 1, 16, 16) > 0.5).float()
    cls_logits = torch.randn(8, 5, requires_grad=True)
    cls_t = torch.randint(0, 5, (8,))
    losses_mc = [L.DiceLoss(mode="multiclass"), L.JaccardLoss(mode="multiclass", log_loss=True),
                 L.FocalLoss(mode="multiclass"), L.LovaszLoss(mode="multiclass", per_image=True)]
    losses_bin = [L.DiceLoss(mode="binary"), L.FocalLoss(mode="binary", normalized=True),
                  L.LovaszLoss(mode="binary"), L.BinaryKLDivLoss(), L.CrossEntropyLoss(mode="binary")]
    hinge = L.BinaryHinge()  # modifies its input in place: evaluated without backward
    ce = L.CrossEntropyLoss(smoothing=0.1, temperature=2.0)
    combo = 0.5 * L.DiceLoss(mode="multiclass") + L.FocalLoss(mode="multiclass")
    reg = [L.WingLoss(), L.SmoothL1Loss()]
    pts, pts_t = torch.randn(4, 10, requires_grad=True), torch.randn(4, 10)

    def f():
        # each loss gets its own copy: some scale or clamp their input in place
        out = [loss(seg_logits * 1.0, seg_t) for loss in losses_mc]
        out += [loss(bin_logits * 1.0, bin_t) for loss in losses_bin]
        out.append(ce(cls_logits * 1.0, cls_t))
        out.append(combo(seg_logits * 1.0, seg_t))
        out += [loss(pts, pts_t) for loss in reg]
        total = sum(out)
        total.backward()
        return total.detach(), hinge(bin_logits.detach() * 1.0, bin_t)
    return f, ()


@entry("pytorch-tools", "losses / metrics: AdaCos adaptive-scale cosine margin loss (its running scale update) over a label-smoothed cross-entropy with backward; Accuracy (top-1 / top-3), BalancedAccuracy, multiclass DiceScore and binary JaccardScore metrics")
def ptools_adacos_metrics():
    pt = _pytorch_tools()
    torch.manual_seed(0)
    ada = pt.losses.AdaCos(16, 6, final_criterion=pt.losses.CrossEntropyLoss(smoothing=0.1))
    emb = torch.randn(8, 16, requires_grad=True)
    y = torch.randint(0, 6, (8,))
    acc1, acc3 = pt.metrics.Accuracy(), pt.metrics.Accuracy(topk=3)
    bacc = pt.metrics.BalancedAccuracy()
    dice = pt.metrics.DiceScore(mode="multiclass")
    jac = pt.metrics.JaccardScore(mode="binary")
    logits = torch.randn(8, 6)
    seg, seg_t = torch.randn(2, 3, 8, 8), torch.randint(0, 3, (2, 8, 8))
    bseg, bseg_t = torch.randn(2, 1, 8, 8), (torch.rand(2, 1, 8, 8) > 0.5).float()

    def f():
        loss = ada(emb, y)
        loss.backward()
        return (loss.detach(), acc1(logits, y), acc3(logits, y), bacc(logits, y), dice(seg, seg_t),
                jac(bseg, bseg_t))
    return f, ()


@entry("pytorch-tools", "optim: training steps with its AdamW, RAdam, SGDW, RMSprop and Lookahead (over optimizer_from_name('adamw')) on five small MLPs, with its LinearLR / ExponentialLR (LR range test) schedulers stepping")
def ptools_optimizers():
    pt = _pytorch_tools()
    O = pt.optim
    torch.manual_seed(0)
    models = [torch.nn.Sequential(torch.nn.Linear(6, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2)) for _ in range(5)]
    opts = [O.AdamW_my(models[0].parameters(), lr=1e-2, weight_decay=1e-2),
            O.RAdam(models[1].parameters(), lr=1e-2),
            O.SGDW(models[2].parameters(), lr=1e-2, momentum=0.9, weight_decay=1e-3),
            O.RMSprop(models[3].parameters(), lr=1e-3),
            O.Lookahead(O.optimizer_from_name("adamw")(models[4].parameters(), lr=1e-2), la_steps=2)]
    scheds = [O.LinearLR(opts[1], end_lr=1.0, num_iter=10), O.ExponentialLR(opts[2], end_lr=1.0, num_iter=10)]
    x, y = torch.randn(16, 6), torch.randn(16, 2)

    def step():
        losses = []
        for m, o in zip(models, opts):
            o.zero_grad()
            loss = torch.nn.functional.mse_loss(m(x), y)
            loss.backward()
            o.step()
            losses.append(loss.detach())
        for s in scheds:
            s.step()
        return torch.stack(losses)
    return step, ()


@entry("pytorch-tools", "models: forward of its ResNet-18 (drop_rate, ABN norm-activation layers) and EfficientNet-B0 classifiers with random weights, eval mode")
def ptools_models():
    pt = _pytorch_tools()
    torch.manual_seed(0)
    m1 = pt.models.resnet18(num_classes=4, drop_rate=0.1).eval()
    m2 = pt.models.efficientnet_b0(num_classes=4).eval()
    x = torch.randn(1, 3, 32, 32)

    def f():
        return m1(x), m2(x)
    return f, ()


@entry("pytorch-tools", "README: segmentation models Unet, Linknet and SegmentationFPN on a ResNet-18 encoder (encoder_weights=None), eval forward")
def ptools_segmentation():
    pt = _pytorch_tools()
    torch.manual_seed(0)
    S = pt.segmentation_models
    ms = [S.Unet("resnet18", encoder_weights=None, num_classes=2).eval(),
          S.Linknet("resnet18", encoder_weights=None, num_classes=2).eval(),
          S.SegmentationFPN("resnet18", encoder_weights=None, num_classes=2).eval()]
    x = torch.randn(1, 3, 64, 64)

    def f():
        return [m(x) for m in ms]
    return f, ()


@entry("pytorch-tools", "README: Runner(model, optimizer, criterion, callbacks).fit for one epoch of two steps and one validation step, with BatchMetrics(Accuracy), Mixup, GradientClipping, AdaptiveGradientClipping, ModelEma and Timer callbacks and its loss / metric meters")
def ptools_runner_fit():
    pt = _pytorch_tools()
    torch.cuda.synchronize = lambda *a, **k: None  # Runner._make_step calls it after every step (no CUDA here)
    from pytorch_tools.fit_wrapper import Runner
    from pytorch_tools.fit_wrapper import callbacks as C
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(48, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    opt = torch.optim.SGD(model.parameters(), lr=1e-2)
    ds = torch.utils.data.TensorDataset(torch.randn(12, 3, 4, 4), torch.randint(0, 3, (12,)))
    loader = torch.utils.data.DataLoader(ds, batch_size=4)
    crit = pt.losses.CrossEntropyLoss(smoothing=0.1)
    cbs = [C.BatchMetrics([pt.metrics.Accuracy()]), C.Mixup(0.2, 3, prob=1.0), C.GradientClipping(1.0),
           C.AdaptiveGradientClipping(0.1), C.ModelEma(decay=0.9, decay_every=1), C.Timer()]
    runner = Runner(model, opt, crit, callbacks=cbs)

    def f():
        runner.fit(loader, epochs=1, steps_per_epoch=2, val_loader=loader, val_steps=1)
        return runner.state.loss_meter.avg
    return f, ()


# ================================================================= cleanlab ==
# held-out set 21, training batch. cleanlab (Cleanlab's data-centric AI library for learning with noisy labels; its
# PyTorch part is `cleanlab.experimental.coteaching`, the Co-Teaching loss that trains two networks on each other's
# small-loss samples, with the forget-rate and Adam learning-rate / beta1 schedules, and `cleanlab.experimental.cifar_cnn`,
# the Co-Teaching CNN), as in its co-teaching module (`loss_coteaching(logits1, logits2, labels,
# forget_rate=forget_rate_schedule[epoch], class_weights=...)`, then a step of each optimizer). Its `train` /
# `evaluate` helpers move every batch to CUDA, so the step is written out as they do it, on CPU.
@entry("cleanlab", "experimental.coteaching: a Co-Teaching training step of two cifar_cnn.CNN networks (random 32x32 images, class weights): adjust_learning_rate from initialize_lr_scheduler, loss_coteaching at a forget_rate_scheduler rate, backward and Adam steps of both")
def cleanlab_coteaching_step():
    from cleanlab.experimental.cifar_cnn import CNN
    from cleanlab.experimental.coteaching import (adjust_learning_rate, forget_rate_scheduler,
                                                  initialize_lr_scheduler, loss_coteaching)
    torch.manual_seed(0)
    m1, m2 = CNN(input_channel=3, n_outputs=4), CNN(input_channel=3, n_outputs=4)
    o1, o2 = torch.optim.Adam(m1.parameters(), lr=1e-3), torch.optim.Adam(m2.parameters(), lr=1e-3)
    rate = forget_rate_scheduler(5, 0.2, 3, 1)
    alpha, beta = initialize_lr_scheduler(1e-3, 5, 2)
    x, y = torch.randn(6, 3, 32, 32), torch.randint(0, 4, (6,))
    w = torch.ones(4)

    def step():
        adjust_learning_rate(o1, 3, alpha, beta)
        adjust_learning_rate(o2, 3, alpha, beta)
        l1, l2 = loss_coteaching(m1(x), m2(x), y, forget_rate=rate[3], class_weights=w)
        o1.zero_grad()
        l1.backward()
        o1.step()
        o2.zero_grad()
        l2.backward()
        o2.step()
        return l1.detach(), l2.detach()
    return step, ()


# =========================================================== mct-quantizers ==
# held-out set 21, training batch. mct-quantizers (Sony's quantizer infrastructure behind the Model Compression
# Toolkit: inferable weight / activation quantizers that quantization-aware training and post-training quantization
# export, `PytorchQuantizationWrapper` for layers and for functions with constant inputs, and
# `PytorchActivationQuantizationHolder`), as in its docstrings (`mctq.PytorchQuantizationWrapper(torch.nn.Conv2d(3, 3,
# 3), {'weight': mctq.pytorch.quantizers.WeightsPOTInferableQuantizer(4, [2.0], False)})`), on a tiny conv / linear
# stack with random weights.
@entry("mct-quantizers", "docstrings: PytorchQuantizationWrapper around Conv2d (per-channel power-of-two weights), Linear (symmetric, per-channel uniform weights) and torch.add with a quantized constant, and PytorchActivationQuantizationHolder with power-of-two, uniform and unsigned symmetric activation quantizers, forward")
def mctq_quantized_forward():
    import mct_quantizers as mctq
    Q = mctq.pytorch_quantizers
    torch.manual_seed(0)
    conv = mctq.PytorchQuantizationWrapper(
        torch.nn.Conv2d(3, 4, 3),
        {"weight": Q.WeightsPOTInferableQuantizer(4, threshold=[2.0] * 4, per_channel=True, channel_axis=0)})
    lin = mctq.PytorchQuantizationWrapper(
        torch.nn.Linear(16, 8), {"weight": Q.WeightsSymmetricInferableQuantizer(8, threshold=[1.0], per_channel=False)})
    lin2 = mctq.PytorchQuantizationWrapper(
        torch.nn.Linear(8, 4),
        {"weight": Q.WeightsUniformInferableQuantizer(8, min_range=[-0.7] * 4, max_range=[0.6] * 4, per_channel=True,
                                                      channel_axis=0)})
    add = mctq.PytorchQuantizationWrapper(
        torch.add, {1: Q.WeightsSymmetricInferableQuantizer(8, threshold=[2.0], per_channel=False)},
        weight_values={1: torch.randn(4)})
    a1 = mctq.PytorchActivationQuantizationHolder(Q.ActivationPOTInferableQuantizer(8, threshold=[4.0], signed=True))
    a2 = mctq.PytorchActivationQuantizationHolder(
        Q.ActivationUniformInferableQuantizer(8, min_range=[-3.0], max_range=[3.0]))
    a3 = mctq.PytorchActivationQuantizationHolder(
        Q.ActivationSymmetricInferableQuantizer(8, threshold=[2.0], signed=False))
    x = torch.randn(2, 3, 6, 6)

    def f():
        h = a1(conv(x))
        h = a2(h.flatten(1)[:, :16])
        h = a3(torch.relu(lin(h)))
        return add(lin2(h))
    return f, ()


# ===================================================================== lsuv ==
# held-out set 21, training batch. lsuv (Dmytro Mishkin's layer-sequential unit-variance initialization, "All you need
# is a good init": orthonormal init, then each Conv / Linear layer's weights are rescaled through a forward hook until
# its output has unit variance), as in its README (`model = lsuv_with_singlebatch(model, data)`), on a small CNN and
# a random batch, followed by a forward of the initialized model.
@entry("lsuv", "README: lsuv_with_singlebatch (LSUVinit, verbose) on a two-conv + linear CNN with a random batch, then a forward of the initialized model")
def lsuv_init_cnn():
    from lsuv import lsuv_with_singlebatch
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.ReLU(), torch.nn.Conv2d(8, 8, 3), torch.nn.ReLU(),
                                torch.nn.Flatten(), torch.nn.Linear(8 * 4 * 4, 5))
    x = torch.randn(16, 3, 8, 8)

    def f():
        lsuv_with_singlebatch(model, x, verbose=True)
        return model(x)
    return f, ()


# =============================================================== adamw-bf16 ==
# held-out set 21, training batch. adamw-bf16 (Alex Rogozhnikov's AdamW for pure-bfloat16 training: compensated
# summation with stochastic rounding and delayed weight decay, no float32 master weights), as in its README
# (`model.to(torch.bfloat16)`, `optimizer = AdamWBF16(model.parameters(), lr=...)`), on a small bfloat16 MLP.
@entry("adamw-bf16", "README: training steps of a bfloat16 MLP with AdamWBF16 (weight decay, lazy state init, stochastic-rounding updates)")
def adamw_bf16_step():
    from adamw_bf16 import AdamWBF16
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.GELU(), torch.nn.Linear(16, 2)).to(torch.bfloat16)
    opt = AdamWBF16(model.parameters(), lr=1e-2, weight_decay=1e-2)
    x, y = torch.randn(4, 8, dtype=torch.bfloat16), torch.randn(4, 2, dtype=torch.bfloat16)

    def step():
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        return loss.detach()
    return step, ()


# ---- held-out set 21, training batch, added after its first collect (appended at the end so that the lines of the
# entry points collected before do not move)
@entry("mct-quantizers", "LUT quantizers and holders: PytorchQuantizationWrapper around Conv2d (per-channel LUT power-of-two weights) and Linear (LUT symmetric weights), PytorchFLNActivationQuantizationHolder with a LUT power-of-two quantizer and with quantization_bypass, PytorchPreservingActivationQuantizationHolder with symmetric and (bypassed) uniform quantizers, forward")
def mctq_lut_holders():
    import mct_quantizers as mctq
    Q = mctq.pytorch_quantizers
    torch.manual_seed(0)
    lut = [-6.0, -3.0, -1.0, 0.0, 1.0, 2.0, 4.0, 7.0]
    conv = mctq.PytorchQuantizationWrapper(
        torch.nn.Conv2d(3, 4, 3),
        {"weight": Q.WeightsLUTPOTInferableQuantizer(3, lut_values=lut, threshold=[1.0] * 4, per_channel=True,
                                                     channel_axis=0, input_rank=4)})
    lin = mctq.PytorchQuantizationWrapper(
        torch.nn.Linear(16, 8),
        {"weight": Q.WeightsLUTSymmetricInferableQuantizer(3, lut_values=lut, threshold=[0.5], per_channel=False)})
    h1 = mctq.PytorchFLNActivationQuantizationHolder(
        Q.ActivationLutPOTInferableQuantizer(3, lut_values=lut, threshold=[4.0], signed=True))
    h2 = mctq.PytorchFLNActivationQuantizationHolder(
        Q.ActivationPOTInferableQuantizer(8, threshold=[2.0], signed=True), quantization_bypass=True)
    h3 = mctq.PytorchPreservingActivationQuantizationHolder(
        Q.ActivationSymmetricInferableQuantizer(8, threshold=[8.0], signed=True))
    h4 = mctq.PytorchPreservingActivationQuantizationHolder(
        Q.ActivationUniformInferableQuantizer(4, min_range=[0.3], max_range=[2.0]), quantization_bypass=True)
    x = torch.randn(2, 3, 6, 6)

    def f():
        h = h1(conv(x))
        h = h2(torch.relu(h))
        h = h3(lin(h.flatten(1)[:, :16]))
        return h4(h)
    return f, ()


@entry("lsuv", "README: lsuv_with_dataloader (get_input for dict batches, tighter std_tol) on a linear + two-layer TransformerEncoder + linear model (MultiheadAttention scaled through its output projection), then a forward")
def lsuv_init_transformer():
    from lsuv import lsuv_with_dataloader
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(d_model=16, nhead=2, dim_feedforward=32, batch_first=True)
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.TransformerEncoder(layer, num_layers=2),
                                torch.nn.Linear(16, 3))
    ds = [{"x": torch.randn(5, 6), "y": i % 3} for i in range(8)]
    loader = torch.utils.data.DataLoader(ds, batch_size=8)

    def f():
        lsuv_with_dataloader(model, loader, get_input=lambda b: b["x"], verbose=False, std_tol=0.05)
        return model(next(iter(loader))["x"])
    return f, ()


@entry("pytorch-tools", "optim.LRFinder: an exponential learning-rate range test (4 iterations, in-memory state cache) with a validation loader on a small MLP, its history, then reset")
def ptools_lr_finder():
    _pytorch_tools()
    from pytorch_tools.optim import LRFinder
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    opt = torch.optim.SGD(model.parameters(), lr=1e-5)
    ds = torch.utils.data.TensorDataset(torch.randn(16, 6), torch.randint(0, 3, (16,)))
    loader = torch.utils.data.DataLoader(ds, batch_size=4)
    finder = LRFinder(model, opt, torch.nn.CrossEntropyLoss(), device="cpu", memory_cache=True)

    def f():
        finder.range_test(loader, val_loader=loader, end_lr=10, num_iter=4, step_mode="exp")
        hist = finder.history
        finder.reset()
        return hist
    return f, ()


# ---- held-out set 21, science2 batch (chosen 2026-11-22 by a helper session)
PACKAGES.update({
    "obp": {"dirs": ["obp"], "split": "dev"},
    "odl": {"dirs": ["odl"], "split": "dev"},
    "nangs": {"dirs": ["nangs"], "split": "dev"},
    "gsplat": {"dirs": ["gsplat"], "split": "dev"},
    "balanced-kmeans": {"dirs": ["balanced_kmeans"], "split": "dev"}, "plenoptic": {"dirs": ["plenoptic"], "split": "dev"},
})


# ====================================================================== obp ==
# held-out set 21, science2 batch. obp (Open Bandit Pipeline, ZOZO Research's library for contextual bandits and
# off-policy evaluation / learning: synthetic bandit feedback, OPE estimators (IPW, SNIPW, DM, DR, SNDR, DR-OS) with a
# PyTorch `estimate_policy_value_tensor` for each, and `NNPolicyLearner`, an off-policy learner whose PyTorch network is
# trained with an OPE estimator as its objective), as in its README / examples (`dataset = SyntheticBanditDataset(...)`,
# `bandit_feedback = dataset.obtain_batch_bandit_feedback(n_rounds=...)`, `NNPolicyLearner(n_actions=...,
# dim_context=..., off_policy_objective=IPW().estimate_policy_value_tensor).fit(context=..., action=..., reward=...,
# pscore=...)`), with tiny synthetic data and networks, 3 epochs.
def _s21_obp_data(n=64, n_actions=4, dim=5):
    from obp.dataset import SyntheticBanditDataset, logistic_reward_function
    ds = SyntheticBanditDataset(n_actions=n_actions, dim_context=dim, reward_function=logistic_reward_function,
                                random_state=0)
    return ds, ds.obtain_batch_bandit_feedback(n_rounds=n)


@entry("obp", "README: NNPolicyLearner (Adam, two hidden layers) fit for 3 epochs with the IPW estimator's estimate_policy_value_tensor as off-policy objective on synthetic bandit feedback, then predict and predict_proba")
def obp_nn_policy_ipw_fit():
    from obp.ope import InverseProbabilityWeighting
    from obp.policy import NNPolicyLearner
    ds, bf = _s21_obp_data()

    def f():
        learner = NNPolicyLearner(n_actions=ds.n_actions, dim_context=ds.dim_context,
                                  off_policy_objective=InverseProbabilityWeighting().estimate_policy_value_tensor,
                                  hidden_layer_size=(16, 8), batch_size=32, max_iter=3, random_state=0)
        learner.fit(context=bf["context"], action=bf["action"], reward=bf["reward"], pscore=bf["pscore"])
        return learner.predict(bf["context"][:8]), learner.predict_proba(bf["context"][:8])
    return f, ()


@entry("obp", "docs: NNPolicyLearner with SGD (tanh) and early stopping on a validation split, the DoublyRobust objective with given estimated rewards, then sample_action")
def obp_nn_policy_dr_sgd_early_stopping():
    import numpy as np
    from obp.ope import DoublyRobust
    from obp.policy import NNPolicyLearner
    ds, bf = _s21_obp_data()
    q = np.random.default_rng(0).random((64, ds.n_actions, 1))

    def f():
        learner = NNPolicyLearner(n_actions=ds.n_actions, dim_context=ds.dim_context,
                                  off_policy_objective=DoublyRobust().estimate_policy_value_tensor,
                                  hidden_layer_size=(16,), activation="tanh", solver="sgd", batch_size=16, max_iter=3,
                                  early_stopping=True, validation_fraction=0.25, random_state=0)
        learner.fit(context=bf["context"], action=bf["action"], reward=bf["reward"], pscore=bf["pscore"],
                    estimated_rewards_by_reg_model=q)
        return learner.sample_action(bf["context"][:8])
    return f, ()


@entry("obp", "docs: NNPolicyLearner with L-BFGS (logistic activation) and the DirectMethod objective, then predict_proba")
def obp_nn_policy_lbfgs_dm():
    import numpy as np
    from obp.ope import DirectMethod
    from obp.policy import NNPolicyLearner
    ds, bf = _s21_obp_data(n=48)
    q = np.random.default_rng(0).random((48, ds.n_actions, 1))

    def f():
        learner = NNPolicyLearner(n_actions=ds.n_actions, dim_context=ds.dim_context,
                                  off_policy_objective=DirectMethod().estimate_policy_value_tensor,
                                  hidden_layer_size=(8,), activation="logistic", solver="lbfgs", max_iter=2, max_fun=10,
                                  random_state=0)
        learner.fit(context=bf["context"], action=bf["action"], reward=bf["reward"], pscore=bf["pscore"],
                    estimated_rewards_by_reg_model=q)
        return learner.predict_proba(bf["context"][:4])
    return f, ()


@entry("obp", "docs: estimate_policy_value_tensor of IPW, SNIPW, DR, SNDR, DR-OS and DM on tensors (rewards, actions, propensities, an evaluation policy's action distribution, estimated rewards)")
def obp_ope_tensor_estimators():
    from obp.ope import (DirectMethod, DoublyRobust, DoublyRobustWithShrinkage, InverseProbabilityWeighting,
                         SelfNormalizedDoublyRobust, SelfNormalizedInverseProbabilityWeighting)
    torch.manual_seed(0)
    n, k = 40, 4
    reward = torch.rand(n)
    action = torch.randint(0, k, (n,))
    pscore = torch.rand(n) * 0.5 + 0.2
    ad = torch.softmax(torch.randn(n, k, 1), 1)
    q = torch.rand(n, k, 1)
    pos = torch.zeros(n, dtype=torch.long)
    ests = [InverseProbabilityWeighting(), SelfNormalizedInverseProbabilityWeighting(), DoublyRobust(),
            SelfNormalizedDoublyRobust(), DoublyRobustWithShrinkage(lambda_=2.0)]
    dm = DirectMethod()

    def f():
        out = [e.estimate_policy_value_tensor(reward=reward, action=action, pscore=pscore, action_dist=ad,
                                              estimated_rewards_by_reg_model=q, position=pos) for e in ests]
        out.append(dm.estimate_policy_value_tensor(action_dist=ad, estimated_rewards_by_reg_model=q, position=pos))
        return torch.stack(out)
    return f, ()


# ====================================================================== odl ==
# held-out set 21, science2 batch. odl (the Operator Discretization Library for inverse problems and tomography: function
# spaces, linear operators (derivatives, Laplacian, matrix operators), functionals and proximal / iterative solvers;
# 1.0 added a PyTorch array backend, `impl='pytorch'`, and `odl.contrib.torch.OperatorModule` wraps any ODL operator as a
# torch module with autograd), as in its docs (`space = odl.uniform_discr(..., impl='pytorch')`,
# `odl.solvers.conjugate_gradient(op, x, rhs, niter)`, `odl.solvers.pdhg(x, f, g, L, niter, tau, sigma)`,
# `OperatorModule(op)(x)`), on small 2D grids.
@entry("odl", "contrib.torch: OperatorModule-wrapped PartialDerivative, Laplacian and MatrixOperator inside a tiny conv / linear training step (forward, backward through the ODL operators' adjoints, SGD step)")
def odl_operator_module_step():
    import numpy as np
    import odl
    from odl.contrib.torch import OperatorModule
    torch.manual_seed(0)
    space = odl.uniform_discr([0, 0], [1, 1], [12, 12], dtype='float32')
    d_mod = OperatorModule(odl.PartialDerivative(space, axis=0))
    l_mod = OperatorModule(odl.Laplacian(space))
    m_mod = OperatorModule(odl.MatrixOperator(np.random.default_rng(0).standard_normal((6, 8)).astype('float32')))
    conv = torch.nn.Conv2d(1, 1, 3, padding=1)
    lin = torch.nn.Linear(6, 2)
    opt = torch.optim.SGD([*conv.parameters(), *lin.parameters()], lr=1e-2)
    x = torch.randn(2, 1, 12, 12)
    v = torch.randn(3, 8)

    def step():
        opt.zero_grad()
        h = conv(x)
        loss = d_mod(h).pow(2).mean() + l_mod(h).abs().mean() + lin(m_mod(v)).pow(2).mean()
        loss.backward()
        opt.step()
        return loss.detach()
    return step, ()


@entry("odl", "docs: a PyTorch-backed uniform_discr space: conjugate_gradient and landweber solves of an operator sum, and an L2NormSquared functional translated by the data")
def odl_pytorch_space_iterative():
    import odl
    torch.manual_seed(0)
    space = odl.uniform_discr([0, 0], [1, 1], [10, 10], impl='pytorch', dtype='float32')
    A = odl.ScalingOperator(space, 2.0) + 0.5 * odl.IdentityOperator(space)
    data = torch.rand(10, 10)

    def f():
        b = space.element(data)
        x = space.zero()
        odl.solvers.conjugate_gradient(A, x, b, niter=4)
        y = space.zero()
        odl.solvers.landweber(A, y, b, niter=3, omega=0.1)
        l2 = odl.functionals.L2NormSquared(space).translated(b)(x)
        return x.data, y.data, l2
    return f, ()


@entry("odl", "docs (TV denoising): PDHG on a PyTorch-backed space with a BroadcastOperator (identity, Gradient), a SeparableSum of a translated L2NormSquared and a GroupL1Norm, and a nonnegativity indicator")
def odl_pytorch_tv_pdhg():
    import odl
    torch.manual_seed(0)
    space = odl.uniform_discr([0, 0], [1, 1], [10, 10], impl='pytorch', dtype='float32')
    grad = odl.Gradient(space)
    L = odl.BroadcastOperator(odl.IdentityOperator(space), grad)
    data = torch.rand(10, 10)

    def f():
        b = space.element(data)
        g = odl.functionals.SeparableSum(odl.functionals.L2NormSquared(space).translated(b),
                                         0.1 * odl.functionals.GroupL1Norm(grad.range))
        fz = odl.functionals.IndicatorNonnegativity(space)
        x = space.zero()
        odl.solvers.pdhg(x, fz, g, L, niter=3, tau=0.2, sigma=0.2)
        return x.data
    return f, ()


# ==================================================================== nangs ==
# held-out set 21, science2 batch. nangs (Juan Sensio's "Neural Networks for PDEs": physics-informed networks with a
# `PDE` class whose `computePDELoss` the user overrides, random samplers of the domain, Dirichlet / Neumann / periodic
# boundary conditions and an `MLP` with sine activations; `PDE.solve` runs the training loop), as in its README
# (`class Adv1d(PDE): def computePDELoss(self, inputs, outputs): ...`, `pde.set_sampler(RandomSampler(...))`,
# `pde.add_boco(Dirichlet(...))`, `pde.compile(mlp, optimizer, scheduler)`, `pde.solve(N_STEPS, log_each)`), with tiny
# networks and 2-3 steps.
@entry("nangs", "README: 1D advection (a user PDE subclass) with a Dirichlet initial condition and a periodic boundary condition, MLP + Adam + StepLR, solve for 3 steps, then eval")
def nangs_advection_solve():
    import math
    from nangs import MLP, PDE, Dirichlet, Periodic, RandomSampler
    torch.manual_seed(0)

    class Adv1d(PDE):
        def computePDELoss(self, inputs, outputs):
            grads = self.computeGrads(outputs, inputs)
            dpdx, dpdt = grads[:, 0], grads[:, 1]
            return {'pde': dpdt + 1.0 * dpdx}

    def f():
        torch.manual_seed(0)
        pde = Adv1d(inputs=('x', 't'), outputs='p')
        pde.set_sampler(RandomSampler({'x': [0., 1.], 't': [0., 0.5]}, n_samples=64))
        pde.add_boco(Dirichlet(RandomSampler({'x': [0., 1.], 't': 0.}, n_samples=32),
                               lambda inputs: {'p': torch.sin(2 * math.pi * inputs['x'])}, name='initial'))
        pde.add_boco(Periodic(RandomSampler({'t': [0., 0.5]}, n_samples=32), RandomSampler({'x': 0.}, n_samples=32),
                              RandomSampler({'x': 1.}, n_samples=32), name='periodic'))
        mlp = MLP(2, 1, 3, 16)
        opt = torch.optim.Adam(mlp.parameters(), lr=1e-3)
        pde.compile(mlp, opt, torch.optim.lr_scheduler.StepLR(opt, 2))
        hist = pde.solve(N_STEPS=3, log_each=1)
        return pde.eval(torch.rand(8, 2)), hist
    return f, ()


@entry("nangs", "docs: 1D heat equation with a second derivative by repeated computeGrads, a Dirichlet initial condition and a user Neumann (zero-flux) boundary condition, MLP + SGD, solve for 2 steps")
def nangs_heat_neumann_solve():
    from nangs import MLP, PDE, Dirichlet, Neumann, RandomSampler
    torch.manual_seed(0)

    class Heat(PDE):
        def computePDELoss(self, inputs, outputs):
            grads = self.computeGrads(outputs, inputs)
            dudx, dudt = grads[:, 0], grads[:, 1]
            d2udx2 = self.computeGrads(dudx, inputs)[:, 0]
            return {'heat': dudt - 0.1 * d2udx2}

    class Flux(Neumann):
        def computeBocoLoss(self, inputs, outputs):
            return {'flux': self.computeGrads(outputs, inputs)[:, 0]}

    def f():
        torch.manual_seed(0)
        pde = Heat(inputs=('x', 't'), outputs='u')
        pde.set_sampler(RandomSampler({'x': [0., 1.], 't': [0., 1.]}, n_samples=48))
        pde.add_boco(Dirichlet(RandomSampler({'x': [0., 1.], 't': 0.}, n_samples=16),
                               lambda inp: {'u': inp['x'] * (1 - inp['x'])}, name='ic'))
        pde.add_boco(Flux(RandomSampler({'x': 0., 't': [0., 1.]}, n_samples=16), name='left'))
        mlp = MLP(2, 1, 2, 12)
        pde.compile(mlp, torch.optim.SGD(mlp.parameters(), lr=1e-3))
        return pde.solve(N_STEPS=2, log_each=1)
    return f, ()


# =================================================================== gsplat ==
# held-out set 21, science2 batch. gsplat (nerfstudio's Gaussian-splatting library: differentiable projection of 3D
# Gaussians, spherical-harmonics colours, tile intersection and rasterization, with CUDA kernels and PyTorch reference
# implementations in `gsplat.cuda._torch_impl`, plus the `DefaultStrategy` densification (duplicate / split / prune /
# opacity reset) used in its training scripts and depth / normal utilities). No CUDA here, so the entry points use the
# PyTorch implementations (projection, spherical harmonics, tile-offset encoding), the strategy with duplication and
# pruning only (its split calls a CUDA kernel) and the utilities, as in its examples (`strategy =
# DefaultStrategy(...)`, `strategy.check_sanity(params, optimizers)`, `state = strategy.initialize_state(scene_scale)`,
# `strategy.step_pre_backward(...)`, `loss.backward()`, `strategy.step_post_backward(...)`), on 30-40 random Gaussians.
def _s21_gs_scene(n=40, c=2, w=32, h=24):
    torch.manual_seed(0)
    means = torch.randn(n, 3) * 0.5
    quats = torch.nn.functional.normalize(torch.randn(n, 4), dim=-1)
    scales = torch.rand(n, 3) * 0.1 + 0.02
    opac = torch.rand(n)
    sh = torch.randn(n, 9, 3) * 0.2
    viewmats = torch.eye(4).repeat(c, 1, 1)
    viewmats[:, 2, 3] = 3.0
    if c > 1:
        viewmats[1, 0, 3] = 0.3
    Ks = torch.tensor([[30.0, 0, w / 2], [0, 30.0, h / 2], [0, 0, 1]]).repeat(c, 1, 1)
    return means, quats, scales, opac, sh, viewmats, Ks


@entry("gsplat", "PyTorch reference implementations: quaternion/scale to covariance, fully fused projection (pinhole with compensations, ortho, fisheye), degree-2 spherical harmonics, world-to-camera and tile-offset encoding, with a loss backward")
def gsplat_torch_projection():
    from gsplat.cuda._torch_impl import (_fully_fused_projection, _isect_offset_encode, _isect_tiles,
                                         _quat_scale_to_covar_preci, _spherical_harmonics, _world_to_cam)
    means, quats, scales, opac, sh, viewmats, Ks = _s21_gs_scene()
    with torch.no_grad():
        cv, _ = _quat_scale_to_covar_preci(quats, scales)
        r0, m0, d0, _, _ = _fully_fused_projection(means, cv, viewmats, Ks, 32, 24)
        tiles_per_gauss, isect_ids, flatten_ids = _isect_tiles(m0, r0, d0, 16, 2, 2)
    means.requires_grad_(True)
    scales.requires_grad_(True)
    sh.requires_grad_(True)

    def f():
        covars, precis = _quat_scale_to_covar_preci(quats, scales, triu=False)
        radii, means2d, depths, conics, comp = _fully_fused_projection(means, covars, viewmats, Ks, 32, 24,
                                                                       calc_compensations=True)
        _, m2o, _, co, _ = _fully_fused_projection(means, covars, viewmats, Ks, 32, 24, camera_model="ortho")
        _, m2f, _, cf, _ = _fully_fused_projection(means, covars, viewmats, Ks, 32, 24, camera_model="fisheye")
        dirs = means[None] - torch.linalg.inv(viewmats)[:, None, :3, 3]
        colors = _spherical_harmonics(2, dirs, sh.expand(2, -1, -1, -1))
        offsets = _isect_offset_encode(isect_ids, 2, 2, 2)
        mc, cc = _world_to_cam(means, covars, viewmats)
        loss = ((means2d * (radii > 0).all(-1, keepdim=True)).pow(2).mean() + conics.abs().mean() + colors.mean()
                + m2o.mean() + m2f.mean() + mc.mean())
        loss.backward()
        return loss.detach(), offsets, flatten_ids, tiles_per_gauss
    return f, ()


@entry("gsplat", "examples: DefaultStrategy densification over 4 training steps (check_sanity, initialize_state, step_pre_backward, backward, Adam steps, step_post_backward with duplication, pruning and an opacity reset, verbose) on PyTorch-projected Gaussians")
def gsplat_default_strategy():
    from gsplat import DefaultStrategy
    from gsplat.cuda._torch_impl import _fully_fused_projection, _quat_scale_to_covar_preci
    means, quats, scales, opac, sh, viewmats, Ks = _s21_gs_scene(n=30, c=1)

    def f():
        torch.manual_seed(0)
        params = torch.nn.ParameterDict({"means": means.clone(), "quats": quats.clone(),
                                         "scales": torch.log(scales.clone() * 0.2),
                                         "opacities": torch.logit(opac.clone().clamp(0.01, 0.99)),
                                         "sh0": sh[:, :1].clone()})
        optimizers = {k: torch.optim.Adam([p], lr=1e-3) for k, p in params.items()}
        strategy = DefaultStrategy(refine_start_iter=0, refine_every=2, reset_every=4, grow_grad2d=1e-8, prune_opa=0.3,
                                   verbose=True)
        strategy.check_sanity(params, optimizers)
        state = strategy.initialize_state(scene_scale=1.0)
        for step in range(1, 5):
            covars, _ = _quat_scale_to_covar_preci(torch.nn.functional.normalize(params["quats"], dim=-1),
                                                   torch.exp(params["scales"]))
            radii, means2d, depths, conics, _ = _fully_fused_projection(params["means"], covars, viewmats, Ks, 32, 24)
            info = {"means2d": means2d, "radii": radii, "width": 32, "height": 24, "n_cameras": 1,
                    "gaussian_ids": None}
            strategy.step_pre_backward(params, optimizers, state, step, info)
            loss = (means2d.pow(2).mean() + torch.sigmoid(params["opacities"]).mean() + params["sh0"].pow(2).mean()
                    + conics.abs().mean())
            loss.backward()
            for o in optimizers.values():
                o.step()
                o.zero_grad()
            strategy.step_post_backward(params, optimizers, state, step, info)
        return len(params["means"])
    return f, ()


@entry("gsplat", "utils: depth_to_points (z-depth and ray depth), depth_to_normal, normalized_quat_to_rotmat and log_transform / inverse_log_transform")
def gsplat_depth_utils():
    from gsplat.utils import depth_to_normal, depth_to_points, inverse_log_transform, log_transform, normalized_quat_to_rotmat
    torch.manual_seed(0)
    depths = torch.rand(2, 12, 16, 1) + 1.0
    c2w = torch.eye(4).repeat(2, 1, 1)
    Ks = torch.tensor([[20.0, 0, 8], [0, 20.0, 6], [0, 0, 1]]).repeat(2, 1, 1)
    q = torch.nn.functional.normalize(torch.randn(10, 4), dim=-1)

    def f():
        p = depth_to_points(depths, c2w, Ks)
        p2 = depth_to_points(depths, c2w, Ks, z_depth=False)
        nrm = depth_to_normal(depths, c2w, Ks)
        R = normalized_quat_to_rotmat(q)
        return p, p2, nrm, R, inverse_log_transform(log_transform(p))
    return f, ()


# ========================================================== balanced-kmeans ==
# held-out set 21, science2 batch. balanced-kmeans (Giannis Daras's batched k-means with equally sized clusters in
# PyTorch, and E2LSH bucketing), as in its README (`choices, centers = kmeans_equal(X, num_clusters=...,
# cluster_size=...)` on a (batch, N, dim) tensor). Its plain `kmeans` stops at a `pdb.set_trace()` left in the loop and
# `kmeans_predict` prints an undefined name, so neither is used.
@entry("balanced-kmeans", "README: kmeans_equal (equal-size clusters, forgy initialisation, progress bar) on a batch of two point sets")
def balanced_kmeans_equal():
    from balanced_kmeans import kmeans_equal
    torch.manual_seed(0)
    X = torch.rand(2, 48, 3)

    def f():
        torch.manual_seed(0)
        return kmeans_equal(X, num_clusters=4, cluster_size=12, max_iters=5, progress=True)
    return f, ()


@entry("balanced-kmeans", "kmeans_equal from a given initial state without centre updates, and lsh_clustering (E2LSH buckets sorted per hash)")
def balanced_kmeans_init_lsh():
    from balanced_kmeans import kmeans_equal, lsh_clustering
    torch.manual_seed(0)
    X = torch.rand(2, 40, 4)
    init = torch.rand(2, 5, 4)

    def f():
        torch.manual_seed(0)
        c1, k1 = kmeans_equal(X, num_clusters=5, cluster_size=8, initial_state=init.clone(), max_iters=3,
                              update_centers=False)
        c2, k2 = kmeans_equal(X, num_clusters=5, cluster_size=8, initial_state=init.clone(), max_iters=4, tol=0.0)
        idx = lsh_clustering(X, n_hashes=3, r=0.5)
        return c1, k1, c2, k2, idx
    return f, ()


@entry("mct-quantizers", "pytorch.quantizer_utils (the functional ops behind its quantizers): fix_range_to_include_zero on per-channel ranges (some not containing zero, so they are adjusted and a warning logged), int_quantization_with_threshold, per-channel lut_quantizer and to_torch_tensor of a NumPy array / float / int list")
def mctq_quantizer_utils():
    import numpy as np
    from mct_quantizers.pytorch import quantizer_utils as U
    torch.manual_seed(0)
    w = torch.randn(4, 3, 3, 3)
    rmin = torch.tensor([-0.7, 0.2, -1.0, -2.0]).reshape(-1, 1, 1, 1)
    rmax = torch.tensor([0.6, 1.0, -0.1, 2.0]).reshape(-1, 1, 1, 1)
    lut = torch.tensor([-6.0, -3.0, -1.0, 0.0, 1.0, 2.0, 4.0, 7.0])
    thr = torch.tensor([1.0, 0.5, 2.0, 1.0])
    arr = np.random.default_rng(0).standard_normal((4, 5))

    def f():
        lo, hi = U.fix_range_to_include_zero(rmin, rmax, 4)
        q = U.int_quantization_with_threshold(w, 8, True, thr.reshape(-1, 1, 1, 1), 1e-8)
        lq = U.lut_quantizer(w, lut, True, thr, 4, 1e-8, per_channel=True, channel_axis=0, input_rank=4)
        t = U.to_torch_tensor([arr, 0.5, 3])
        return lo, hi, q, lq, t
    return f, ()


@entry("pytorch-tools", "detection: DetectionLoss (focal classification + L1 box loss over generate_targets' anchor matching) on generate_anchors_boxes anchors for a 64x64 image with padded ground-truth boxes, backward; delta2box, clip_bboxes_batch and box_iou")
def ptools_detection_loss():
    pt = _pytorch_tools()
    from pytorch_tools.utils import box
    torch.manual_seed(0)
    anchors, _ = box.generate_anchors_boxes((64, 64), pyramid_levels=(3, 4, 5))
    loss = pt.losses.DetectionLoss(anchors=anchors)
    n = anchors.shape[0]
    cls_out = torch.randn(2, n, 3, requires_grad=True)
    box_out = torch.randn(2, n, 4, requires_grad=True)
    gt = torch.tensor([[[4., 4., 30., 30., 1.], [20., 10., 60., 50., 2.], [-1., -1., -1., -1., -1.]],
                       [[0., 0., 16., 40., 0.], [-1., -1., -1., -1., -1.], [-1., -1., -1., -1., -1.]]])
    size = torch.tensor([[64, 64], [64, 64]])

    def f():
        total = loss((cls_out * 1.0, box_out * 1.0), gt)
        total.backward()
        boxes = box.delta2box(box_out.detach(), anchors)
        return total.detach(), box.clip_bboxes_batch(boxes, size), box.box_iou(anchors[:10], gt[0, :2, :4])
    return f, ()


# ================================================================= ckatorch ==
# held-out set 21, training batch. ckatorch (Alessandro Ristori's Centered Kernel Alignment in PyTorch, to compare
# the representations of trained networks: minibatch CKA of Nguyen et al. between the layers of two models through forward hooks,
# and the functional CKA / HSIC of Kornblith et al. with linear and RBF kernels), as in its README (`cka =
# CKA(model1, model2, layers=[...], first_name=..., second_name=...)`, `cka_matrix = cka(dataloader, epochs=...)`,
# `cka_base(x, y, kernel=..., unbiased=..., method=...)`), on two small MLPs over random token features (its key
# "ckatorch" was added to the last line of this batch's `PACKAGES.update` block so that no line above moved).
@entry("ckatorch", "README: CKA(model1, model2, layers) minibatch CKA matrix between three layers of two MLPs (forward hooks) over a shuffled DataLoader for two epochs (tqdm progress bars, NaN check)")
def ckatorch_models():
    from ckatorch import CKA
    torch.manual_seed(0)

    class Net(torch.nn.Module):
        def __init__(self, h):
            super().__init__()
            self.fc1, self.fc2, self.fc3 = torch.nn.Linear(6, h), torch.nn.Linear(h, h), torch.nn.Linear(h, 3)

        def forward(self, x):
            return self.fc3(torch.relu(self.fc2(torch.relu(self.fc1(x)))))

    a, b = Net(8), Net(12)
    cka = CKA(a, b, layers=["fc1", "fc2", "fc3"], first_name="a", second_name="b")
    ds = torch.utils.data.TensorDataset(torch.randn(20, 4, 6))
    loader = torch.utils.data.DataLoader(ds, batch_size=8, shuffle=True)

    def f():
        return cka(loader, epochs=2)
    return f, ()


@entry("ckatorch", "README / core: cka_base with linear and RBF kernels, biased and unbiased, Frobenius-norm and HSIC methods; cka_batch on batched features; hsic0 / hsic1 on linear / RBF Gram matrices and center_gram_matrix")
def ckatorch_functional():
    from ckatorch import center_gram_matrix, cka_base, cka_batch, hsic0, hsic1, linear_kernel, rbf_kernel
    torch.manual_seed(0)
    x, y = torch.randn(16, 5), torch.randn(16, 7)
    xb, yb = torch.randn(3, 10, 5), torch.randn(3, 10, 7)

    def f():
        out = [cka_base(x, y), cka_base(x, y, kernel="rbf", threshold=0.5), cka_base(x, y, unbiased=True),
               cka_base(x, y, method="hsic"), cka_base(x, y, kernel="rbf", unbiased=True, method="hsic"),
               cka_batch(xb, yb)]
        gx, gy = linear_kernel(x), rbf_kernel(y, threshold=1.0)
        out += [hsic0(gx, gy), hsic1(torch.bmm(xb, xb.transpose(1, 2)), torch.bmm(yb, yb.transpose(1, 2))).sum(),
                center_gram_matrix(gx, unbiased=True).sum()]
        return torch.stack([o.reshape(()) for o in out])
    return f, ()


# ---- held-out set 21, training batch, added after its second collect (appended at the end)
@entry("mct-quantizers", "docstrings: PytorchQuantizationWrapper around functions with quantized constant inputs: torch.cat of a list (is_inputs_as_list, op_call_kwargs dim=1) with two quantized constants, torch.sub with a uniform-quantized constant first input, torch.mul with explicit empty op_call_args / op_call_kwargs, forward")
def mctq_functional_wrappers():
    import mct_quantizers as mctq
    Q = mctq.pytorch_quantizers
    torch.manual_seed(0)
    cat = mctq.PytorchQuantizationWrapper(
        torch.cat, {0: Q.WeightsPOTInferableQuantizer(8, threshold=[2.0], per_channel=False),
                    2: Q.WeightsSymmetricInferableQuantizer(8, threshold=[1.0], per_channel=False)},
        weight_values={0: torch.randn(2, 3), 2: torch.randn(2, 2)}, op_call_kwargs={"dim": 1}, is_inputs_as_list=True)
    sub = mctq.PytorchQuantizationWrapper(
        torch.sub, {0: Q.WeightsUniformInferableQuantizer(8, min_range=[-1.0], max_range=[1.0], per_channel=False)},
        weight_values={0: torch.randn(7)})
    mul = mctq.PytorchQuantizationWrapper(
        torch.mul, {1: Q.WeightsSymmetricInferableQuantizer(4, threshold=[1.0], per_channel=False)},
        weight_values={1: torch.randn(7)}, op_call_args=[], op_call_kwargs={})
    x = torch.randn(2, 2)

    def f():
        h = cat(x)
        return mul(sub(h))
    return f, ()


@entry("lsuv", "lsuvinit.LSUVinit without orthonormal init (needed_std 0.5, tight tolerance, max_attempts 3, verbose) on a Conv1d + ConvTranspose1d + Linear model in train mode with a Linear layer its forward never calls (the never-fired-hook warning), then a forward")
def lsuv_init_conv1d_unused():
    from lsuv.lsuvinit import LSUVinit
    torch.manual_seed(0)

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.c1 = torch.nn.Conv1d(4, 8, 3)
            self.up = torch.nn.ConvTranspose1d(8, 6, 2, stride=2)
            self.unused = torch.nn.Linear(6, 6)
            self.out = torch.nn.Linear(6, 2)

        def forward(self, x):
            h = torch.tanh(self.up(torch.relu(self.c1(x))))
            return self.out(h.mean(-1))

    model = Net().train()
    x = torch.randn(12, 4, 10)

    def f():
        LSUVinit(model, x, needed_std=0.5, std_tol=0.02, max_attempts=3, do_orthonorm=False, verbose=True)
        return model(x), model.training
    return f, ()


# ================================================================ plenoptic ==
# held-out set 21, science2 batch. plenoptic (the Simoncelli lab's library for model-based stimulus synthesis in
# PyTorch: image-computable models such as the Portilla-Simoncelli texture statistics and centre-surround front ends,
# steerable / Laplacian pyramids, SSIM / MS-SSIM metrics, and synthesis methods (Metamer, Eigendistortion,
# MADCompetition) that optimise or probe images through a model), as in its docs (`model =
# po.models.PortillaSimoncelli(img.shape[-2:])`, `met = po.Metamer(img, model)`, `met.synthesize(max_iter=...)`,
# `po.process.SteerablePyramidFreq(img.shape[-2:], ...)(img)`, `po.metric.ssim(img1, img2)`), on small random images
# and 3 iterations. Its LaplacianPyramid (and nlpd, which builds one) is left out: its filter construction fails
# under compile (a fake-tensor shape error in `outer`).
# (held-out set 21, science2 batch) plenoptic's first entry point (a Portilla-Simoncelli model and a Metamer synthesised
# for 3 iterations) was dropped after the first collect too, without a look at its sites, because plenoptic still
# held 18 of the batch's 46 default-family sites; these comment lines keep the lines below in place.
#
#
#
#
#
#
#
#
#
#
#


@entry("plenoptic", "docs: complex and real SteerablePyramidFreq (downsampled and not) forward and recon_pyr, rectangular_to_polar_dict, SSIM / MS-SSIM / MSE between noisy images, kurtosis and skew")
def plenoptic_pyramids_metrics():
    import plenoptic as po
    torch.manual_seed(0)
    img = torch.rand(2, 1, 32, 32)
    big = torch.rand(2, 1, 64, 64)
    big2 = (big + 0.05 * torch.randn_like(big)).clamp(0, 1)
    pyr = po.process.SteerablePyramidFreq(img.shape[-2:], height=2, order=1, is_complex=True)
    pyr_real = po.process.SteerablePyramidFreq(img.shape[-2:], height=2, order=2, downsample=False)

    def f():
        coeffs = pyr(img)
        energy, state = po.process.rectangular_to_polar_dict(coeffs, residuals=True)
        rec = pyr.recon_pyr(coeffs)
        c2 = pyr_real(img)
        return (rec, energy, state, pyr_real.recon_pyr(c2, levels=[0, 1]), po.metric.ssim(big, big2),
                po.metric.ms_ssim(big, big2, power_factors=[0.5, 0.5]), po.metric.mse(big, big2),
                po.process.kurtosis(img), po.process.skew(img))
    return f, ()


# (held-out set 21, science2 batch) plenoptic's third entry point (Eigendistortion of an OnOff front end and
# MADCompetition between MSE and 1 - SSIM) was dropped after the first collect, without a look at its sites, because
# plenoptic alone held about half of the batch's default-family sites; these comment lines keep the lines below in place.
#
#
#
#
#
#
#
#
#
#
#
#
#
#
#
#


@entry("ckatorch", "README: CKA with different layer lists for the two models (second_layers, dotted ModuleList names) on two small residual encoders, computed from an unshuffled DataLoader (its shuffle warning) through an f_extract function with f_args that builds dict batches")
def ckatorch_extract_unshuffled():
    from ckatorch import CKA
    torch.manual_seed(0)

    class Enc(torch.nn.Module):
        def __init__(self, h, n):
            super().__init__()
            self.emb = torch.nn.Linear(5, h)
            self.blocks = torch.nn.ModuleList(torch.nn.Linear(h, h) for _ in range(n))

        def forward(self, x, mask):
            h = self.emb(x) * mask.unsqueeze(-1)
            for b in self.blocks:
                h = h + torch.tanh(b(h))
            return h

    a, b = Enc(8, 2), Enc(6, 3)
    cka = CKA(a, b, layers=["emb", "blocks.0", "blocks.1"], second_layers=["emb", "blocks.2"])
    ds = torch.utils.data.TensorDataset(torch.randn(12, 6, 5), torch.ones(12, 6))
    loader = torch.utils.data.DataLoader(ds, batch_size=6, shuffle=False)

    def extract(batch, scale):
        return {"x": batch[0] * scale, "mask": batch[1]}

    def f():
        return cka(loader, epochs=1, f_extract=extract, f_args={"scale": 2.0})
    return f, ()


@entry("lsuv", "README: lsuv_with_singlebatch (verbose) on a small MLP with an all-zero batch, where the activations' std cannot reach the target (the max_attempts give-up path), then a forward")
def lsuv_init_no_convergence():
    from lsuv import lsuv_with_singlebatch
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(4, 6), torch.nn.ReLU(), torch.nn.Linear(6, 2))
    x = torch.zeros(8, 4)

    def f():
        lsuv_with_singlebatch(model, x, max_attempts=2, verbose=True)
        return model(torch.ones(2, 4))
    return f, ()


# ---- held-out set 22, imaging batch (chosen 2026-11-22 by a helper session)
PACKAGES.update({
    "neurite": {"dirs": ["neurite"], "split": "dev"},
    "instanseg-torch": {"dirs": ["instanseg"], "split": "dev"},
    "tabicl": {"dirs": ["tabicl"], "split": "dev"},
    "guided-filter-pytorch": {"dirs": ["guided_filter_pytorch"], "split": "dev"}, "torchir": {"dirs": ["torchir"], "split": "dev"},
})


# ================================================================== neurite ==
# held-out set 22, imaging batch. neurite (Adrian Dalca's lab library for medical image processing and learning, the
# PyTorch rewrite behind voxelmorph: `BasicUNet` / `BasicAutoencoder` models, Dice / NCC / MSE losses, label-map image
# synthesis, fractal / smoothed noise, Gaussian smoothing, cropping, resampling, connected components), as in its
# docstring examples (`BasicUNet(ndim=2, in_channels=1, out_channels=1, nb_features=[16, 32, 64],
# normalizations='instance')`, `ne.nn.modules.Dice()`, `NCC()`), with tiny shapes and random weights.
@entry("neurite", "docstring example: BasicUNet (2D, instance norm) training step with the soft Dice module and Adam")
def neurite_unet_dice_step():
    import neurite as ne
    torch.manual_seed(0)
    model = ne.nn.models.BasicUNet(ndim=2, in_channels=1, out_channels=3, nb_features=[4, 8, 8],
                                   normalizations='instance')
    dice = ne.nn.modules.Dice()
    opt = torch.optim.Adam(model.parameters(), 1e-3)
    x = torch.randn(2, 1, 32, 32)
    y = torch.nn.functional.one_hot(torch.randint(0, 3, (2, 32, 32)), 3).permute(0, 3, 1, 2).float()

    def f():
        out = model(x).softmax(1)
        loss = 1 - dice(out, y).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, ()


@entry("neurite", "docstring example: 3D BasicAutoencoder forward with the MSE module, plus the local NCC module on two close volumes")
def neurite_autoencoder_ncc():
    import neurite as ne
    torch.manual_seed(0)
    model = ne.nn.models.BasicAutoencoder(ndim=3, in_channels=1, latent_features=4, out_channels=1,
                                          nb_features=[4, 8])
    x = torch.rand(1, 1, 16, 16, 16)
    x2 = x + 0.1 * torch.rand(1, 1, 16, 16, 16)
    ncc = ne.nn.modules.NCC()
    mse = ne.nn.modules.MSE()

    def f():
        y = model(x)
        return ncc(x, x2) + mse(y, x)
    return f, ()


@entry("neurite", "label-map synthesis: fractal_noise, sample_image_from_labels, gaussian_smoothing, crop, one_hot, zscore and resample")
def neurite_label_synthesis():
    import neurite as ne
    torch.manual_seed(0)
    labels = torch.randint(0, 4, (1, 24, 24))

    def f():
        noise = ne.fractal_noise((1, 24, 24), non_spatial_dims=(0,))
        img = ne.sample_image_from_labels(labels)
        sm = ne.gaussian_smoothing(img, sigma=1.5, non_spatial_dims=(0,))
        c = ne.crop(sm + noise, size=(16, 16), non_spatial_dims=(0,))
        oh = ne.one_hot(labels, num_classes=4, non_spatial_dims=(0,))
        return ne.zscore(c), oh, ne.resample(c, scale_factor=2, non_spatial_dims=(0,))
    return f, ()


@entry("neurite", "connected_components (torch method), component_sizes and fill_nearest on a random binary mask")
def neurite_connected_components():
    import neurite as ne
    torch.manual_seed(0)
    m = torch.rand(20, 20) > 0.6
    vals = torch.randn(20, 20)

    def f():
        lab, n = ne.connected_components(m, method="torch")
        sizes = ne.component_sizes(lab)
        filled = ne.fill_nearest(vals, ~m)
        return lab, n, sizes, filled
    return f, ()


# (held-out set 22, imaging batch) neurite's nn.functional augmentations entry point (neurite_nn_functional) was dropped after the first collect,
# without a look at any site, to keep the largest package near the ~10-site cap; its lines are kept as
# comments so that the entry points after it do not move.
#
#
#
#
#
#
#
#
#
#
#
#
#


# ========================================================== instanseg-torch ==
# held-out set 22, imaging batch. instanseg-torch (the `instanseg` package: InstanSeg, an embedding-based cell and
# nucleus instance segmentation method for fluorescence and brightfield microscopy: `InstanSeg_UNet`, the InstanSeg
# loss with seed / instance terms and a pixel classifier, its postprocessing into labelled instances, and the PyTorch
# label utilities and matching metrics), as in its training code (`InstanSeg_UNet(in_channels, out_channels=[[2, 1,
# 1]], layers=...)`, `loss_fn = InstanSeg(...)`, `model = loss_fn.initialize_pixel_classifier(model)`,
# `loss_fn(prediction, labels)`, `loss_fn.postprocessing(prediction[0], ...)`), with a tiny network and random
# weights (its pretrained models are downloaded, not used here), on random disc-shaped label maps.
def _s22_instanseg_labels(b=2, h=32, w=32, n=4, seed=0):
    g = torch.Generator().manual_seed(seed)
    lab = torch.zeros(b, 1, h, w, dtype=torch.int64)
    yy, xx = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
    for i in range(b):
        for k in range(1, n + 1):
            cy, cx = torch.randint(5, h - 5, (2,), generator=g).tolist()
            lab[i, 0][((yy - cy) ** 2 + (xx - cx) ** 2) <= 9] = k
    return lab


@entry("instanseg-torch", "training step: InstanSeg_UNet forward, InstanSeg loss (Lovasz hinge, binary seed loss, pixel classifier) and Adam")
def instanseg_unet_loss_step():
    from instanseg.utils.loss.instanseg_loss import InstanSeg
    from instanseg.utils.models.InstanSeg_UNet import InstanSeg_UNet
    torch.manual_seed(0)
    net = InstanSeg_UNet(in_channels=3, out_channels=[[2, 1, 1]], layers=[16, 8], norm="BATCH")
    loss_fn = InstanSeg(device="cpu", window_size=16, binary_loss_fn_str="lovasz_hinge", seed_loss_fn="binary_xloss")
    net = loss_fn.initialize_pixel_classifier(net)
    opt = torch.optim.Adam(net.parameters(), 1e-3)
    x = torch.randn(2, 3, 32, 32)
    lab = _s22_instanseg_labels()

    def f():
        pred = net(x)
        loss = loss_fn(pred, lab)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, ()


@entry("instanseg-torch", "inference: InstanSeg_UNet forward and InstanSeg.postprocessing (seed peaks, crops, pixel classifier, label merging)")
def instanseg_postprocessing():
    from instanseg.utils.loss.instanseg_loss import InstanSeg
    from instanseg.utils.models.InstanSeg_UNet import InstanSeg_UNet
    torch.manual_seed(0)
    net = InstanSeg_UNet(in_channels=3, out_channels=[[2, 1, 1]], layers=[16, 8], norm="BATCH").eval()
    loss_fn = InstanSeg(device="cpu", window_size=16)
    net = loss_fn.initialize_pixel_classifier(net)
    x = torch.randn(1, 3, 32, 32)

    def f():
        with torch.no_grad():
            pred = net(x)
            return loss_fn.postprocessing(pred[0], window_size=16, min_size=1, seed_threshold=0.3)
    return f, ()


# (held-out set 22, imaging batch) instanseg-torch's label-utility / metrics entry point (instanseg_label_metrics) was dropped after the first collect,
# without a look at any site, to keep the largest package near the ~10-site cap; its lines are kept as
# comments so that the entry points after it do not move.
#
#
#
#
#
#
#
#
#
#
#
#
#


# =================================================================== tabicl ==
# held-out set 22, imaging batch. tabicl (TabICL, Inria SODA's tabular foundation model for in-context learning on
# tables: column-wise set-transformer embedding, row-wise interaction with RoPE and CLS tokens, dataset-wise ICL
# transformer, quantile regression head, KV / representation caching, with scikit-learn wrappers), as in its
# `TabICL(**config)` model class that `TabICLClassifier` / `TabICLRegressor` build from a checkpoint's config, with a
# tiny config and random weights (the checkpoints are downloaded from the Hugging Face Hub, not used here).
_S22_TABICL_CFG = dict(embed_dim=16, col_num_blocks=1, col_nhead=2, col_num_inds=8, row_num_blocks=1, row_nhead=2,
                       row_num_cls=2, icl_num_blocks=2, icl_nhead=2)


@entry("tabicl", "pre-training step: TabICL train-mode forward on two tables (16 context rows, 8 query rows), cross-entropy and AdamW")
def tabicl_train_step():
    from tabicl._model.tabicl import TabICL
    torch.manual_seed(0)
    model = TabICL(max_classes=4, **_S22_TABICL_CFG)
    opt = torch.optim.AdamW(model.parameters(), 1e-3)
    X = torch.randn(2, 24, 5)
    y = torch.randint(0, 3, (2, 24)).float()

    def f():
        model.train()
        out = model(X, y[:, :16])
        loss = torch.nn.functional.cross_entropy(out.reshape(-1, out.shape[-1]), y[:, 16:].reshape(-1).long())
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()
    return f, ()


@entry("tabicl", "inference forward (eval, no_grad) with a feature shuffle and softmax temperature, as TabICLClassifier's batch forward calls it")
def tabicl_inference():
    from tabicl._model.tabicl import TabICL
    torch.manual_seed(0)
    model = TabICL(max_classes=4, **_S22_TABICL_CFG).eval()
    X = torch.randn(1, 24, 5)
    y = torch.randint(0, 3, (1, 16)).float()

    def f():
        with torch.no_grad():
            return model(X, y, feature_shuffles=[[4, 3, 2, 1, 0]], softmax_temperature=0.9)
    return f, ()


# (held-out set 22, imaging batch) tabicl's forward_with_cache entry point (tabicl_kv_cache) was dropped after the first collect,
# without a look at any site, to keep the largest package near the ~10-site cap; its lines are kept as
# comments so that the entry points after it do not move.
#
#
#
#
#
#
#
#
#
#
#
#
#


@entry("tabicl", "regression: quantile-head TabICL (max_classes=0) predict_stats with mean, variance, median and quantiles")
def tabicl_regression_stats():
    from tabicl._model.tabicl import TabICL
    torch.manual_seed(0)
    model = TabICL(max_classes=0, num_quantiles=19, **_S22_TABICL_CFG).eval()
    X = torch.randn(2, 24, 4)
    y = torch.randn(2, 16)

    def f():
        with torch.no_grad():
            return model.predict_stats(X, y, output_type=["mean", "variance", "median", "quantiles"], alphas=[0.1, 0.9])
    return f, ()


# (held-out set 22, imaging batch) tabicl's more-classes-than-max_classes entry point (tabicl_many_classes) was dropped after the first collect,
# without a look at any site, to keep the largest package near the ~10-site cap; its lines are kept as
# comments so that the entry points after it do not move.
#
#
#
#
#
#
#
#
#


# ==================================================== guided-filter-pytorch ==
# held-out set 22, imaging batch. guided-filter-pytorch (Huikai Wu's "Fast End-to-End Trainable Guided Filter":
# `GuidedFilter`, `FastGuidedFilter` for low-to-high resolution upsampling and the trainable `ConvGuidedFilter`), as in
# its README (`GuidedFilter(r, eps)(x, y)`, `FastGuidedFilter(r, eps)(lr_x, lr_y, hr_x)`), with tiny images.
@entry("guided-filter-pytorch", "README: GuidedFilter (3-channel and 1-channel guide), FastGuidedFilter and a ConvGuidedFilter training step")
def guided_filter_pytorch_filters():
    from guided_filter_pytorch.guided_filter import ConvGuidedFilter, FastGuidedFilter, GuidedFilter
    torch.manual_seed(0)
    gf, fgf = GuidedFilter(r=2, eps=1e-2), FastGuidedFilter(r=1, eps=1e-2)
    cgf = ConvGuidedFilter(radius=1)
    opt = torch.optim.SGD(cgf.parameters(), 1e-2)
    x, y = torch.rand(2, 3, 24, 24), torch.rand(2, 3, 24, 24)
    xl, yl = torch.rand(2, 3, 12, 12), torch.rand(2, 3, 12, 12)
    g1 = torch.rand(2, 1, 24, 24)

    def f():
        a = gf(x, y)
        b = gf(g1, y)
        c = fgf(xl, yl, x)
        out = cgf(xl, yl, x)
        loss = (out - y).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        return a, b, c, loss.detach()
    return f, ()


# ================================================================== torchir ==
# held-out set 22, imaging batch. torchir (Bob de Vos's TorchIR, "PyTorch Image Registration": the DLIR framework of
# stacked registration stages (network + transformer, composed coordinate grids), affine, B-spline, direct-DVF and
# diffeomorphic (scaling and squaring) transformers, NCC / NMI similarity metrics and bending-energy regularization),
# as in its README (`dlir = DLIRFramework()`, `dlir.add_stage(network=..., transformer=AffineTransformer(ndim=2))`,
# `dlir.add_stage(network=..., transformer=BsplineTransformer(ndim=2, upsampling_factors=(8, 8)))`, `NCC()`), with two
# tiny stage networks of its shape conventions and random images.
class _S22TorchirAffineNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        nn = torch.nn
        self.conv = nn.Sequential(nn.Conv2d(2, 4, 3, stride=2, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.t, self.r, self.s, self.sh = nn.Linear(4, 2), nn.Linear(4, 1), nn.Linear(4, 2), nn.Linear(4, 2)

    def forward(self, fixed, moving):
        h = self.conv(torch.cat([fixed, moving], 1))
        return self.t(h) * 0.1, self.r(h) * 0.1, 1 + 0.1 * torch.tanh(self.s(h)), 0.1 * torch.tanh(self.sh(h))


class _S22TorchirBsplineNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        nn = torch.nn
        self.net = nn.Sequential(nn.Conv2d(2, 4, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(4), nn.Conv2d(4, 2, 1))

    def forward(self, fixed, moving):
        return self.net(torch.cat([fixed, moving], 1))


@entry("torchir", "README: two-stage DLIRFramework (affine, then B-spline with only the last stage trainable) training step with the NCC loss and Adam")
def torchir_dlir_step():
    from torchir.dlir_framework import DLIRFramework
    from torchir.metrics import NCC
    from torchir.transformers import AffineTransformer, BsplineTransformer
    torch.manual_seed(0)
    dlir = DLIRFramework(only_last_trainable=True)
    dlir.add_stage(network=_S22TorchirAffineNet(), transformer=AffineTransformer(ndim=2))
    dlir.add_stage(network=_S22TorchirBsplineNet(), transformer=BsplineTransformer(ndim=2, upsampling_factors=(8, 8)))
    opt = torch.optim.Adam([p for p in dlir.parameters() if p.requires_grad], 1e-3)
    ncc = NCC()
    fixed, moving = torch.rand(2, 1, 32, 32), torch.rand(2, 1, 32, 32)

    def f():
        warped = dlir(fixed, moving)
        loss = ncc(fixed, warped)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach(), warped.detach()
    return f, ()


@entry("torchir", "DiffeomorphicFlowTransformer (scaling and squaring) warp, NMI (fixed range and masked), masked NCC and 2D / 3D bending energy")
def torchir_metrics_diffeomorphic():
    from torchir.metrics import NCC, NMI
    from torchir.regularization import bending_energy_2d, bending_energy_3d
    from torchir.transformers import DiffeomorphicFlowTransformer
    torch.manual_seed(0)
    fixed, moving = torch.rand(2, 1, 24, 24), torch.rand(2, 1, 24, 24)
    mask = torch.rand(2, 1, 24, 24) > 0.3
    flow = 0.5 * torch.randn(2, 2, 24, 24)
    tr = DiffeomorphicFlowTransformer(ndim=2, nsteps=4)
    nmi, nmi_m, ncc_m = NMI(intensity_range=(0.0, 1.0), nbins=8), NMI(nbins=8, use_mask=True), NCC(use_mask=True)
    vol = torch.randn(1, 3, 6, 6, 6)

    def f():
        warped, grid = tr(flow, fixed, moving, return_coordinate_grid=True)
        return (nmi(fixed, warped), nmi_m(fixed, warped, mask), ncc_m(fixed, warped, mask),
                bending_energy_2d(grid), bending_energy_3d(vol))
    return f, ()


# ---- held-out set 22, sequence batch (chosen 2026-11-22 by a helper session)
PACKAGES.update({
    "timesfm": {"dirs": ["timesfm"], "split": "dev"},
    "tirex-ts": {"dirs": ["tirex"], "split": "dev"},
    "elmoformanylangs": {"dirs": ["elmoformanylangs"], "split": "dev"},
    "sequitur": {"dirs": ["sequitur"], "split": "dev"},
    "warprnnt-numba": {"dirs": ["warprnnt_numba"], "split": "dev"},
})


# ================================================================== timesfm ==
# held-out set 22, sequence batch. timesfm (Google Research's TimesFM time-series foundation model; its PyTorch
# TimesFM 2.5 module: a patched decoder-only transformer with a residual-block tokenizer, rotary attention, KV-cache
# decoding and point / quantile output heads, and the `compile(ForecastConfig)` / `forecast` API of its README). The
# module's size lives in a class attribute (`config = TimesFM_2p5_200M_Definition()`), so the builders subclass it
# with a 2-layer, 64-wide config (same patch lengths and quantiles) and random weights: nothing is downloaded.
def _timesfm_small():
    from timesfm import configs as C
    from timesfm.timesfm_2p5 import timesfm_2p5_base as B, timesfm_2p5_torch as T
    base = B.TimesFM_2p5_200M_Definition()
    dims = 64
    cfg = dataclasses.replace(
        base,
        tokenizer=C.ResidualBlockConfig(input_dims=64, hidden_dims=dims, output_dims=dims, use_bias=True,
                                        activation="swish"),
        stacked_transformers=C.StackedTransformersConfig(num_layers=2, transformer=dataclasses.replace(
            base.stacked_transformers.transformer, model_dims=dims, hidden_dims=dims, num_heads=4)),
        output_projection_point=C.ResidualBlockConfig(input_dims=dims, hidden_dims=dims, output_dims=1280,
                                                      use_bias=False, activation="swish"),
        output_projection_quantiles=C.ResidualBlockConfig(input_dims=dims, hidden_dims=dims, output_dims=10240,
                                                          use_bias=False, activation="swish"),
    )

    class SmallTimesFM(T.TimesFM_2p5_200M_torch_module):
        config = cfg

    torch.manual_seed(0)
    return T, SmallTimesFM().eval()


@entry("timesfm", "TimesFM 2.5 torch module forward (tokenizer, stacked rotary transformers, point and quantile heads) on patched inputs and masks, no grad")
def timesfm_module_forward():
    _, m = _timesfm_small()
    x, mask = torch.randn(2, 4, 32), torch.zeros(2, 4, 32, dtype=torch.bool)

    def f(x, mask):
        with torch.no_grad():
            return m(x, mask)[0]
    return f, (x, mask)


@entry("timesfm", "TimesFM 2.5 module decode: prefill with running statistics, then autoregressive KV-cache decoding of a 256-step horizon")
def timesfm_decode():
    _, m = _timesfm_small()
    x, mask = torch.randn(2, 128), torch.zeros(2, 128, dtype=torch.bool)
    return m.decode, (256, x, mask)


@entry("timesfm", "README: TimesFM_2p5_200M_torch.compile(ForecastConfig(normalize_inputs, continuous quantile head, flip invariance, positivity, quantile-crossing fix)) then forecast(horizon, inputs) on two NumPy series of different lengths")
def timesfm_forecast():
    import numpy as np
    from timesfm import configs as C
    T, m = _timesfm_small()
    tfm = T.TimesFM_2p5_200M_torch.__new__(T.TimesFM_2p5_200M_torch)  # __init__ would build the 200M module
    tfm.model, tfm.torch_compile = m, False
    tfm.compile(C.ForecastConfig(max_context=128, max_horizon=128, normalize_inputs=True,
                                 use_continuous_quantile_head=True, force_flip_invariance=True,
                                 infer_is_positive=True, fix_quantile_crossing=True))
    inputs = [np.sin(np.linspace(0, 6, 100)), np.linspace(0, 1, 60)]

    def f():
        return tfm.forecast(horizon=24, inputs=inputs)
    return f, ()


# ================================================================= tirex-ts ==
# held-out set 22, sequence batch. tirex-ts (NX-AI's TiRex zero-shot forecaster, the `tirex` package: an sLSTM
# (xLSTM) stack over patched, NaN-masked series with a pure-PyTorch sLSTM cell, the `forecast` API of its README,
# and its embedding-based linear classifier with a small training loop). Tiny random `TiRexZero` models
# (2 sLSTM blocks, 16 wide, patch 8), nothing is downloaded: `TiRexEmbedding` loads "NX-AI/TiRex" through
# `tirex.models.embedding.load_model`, which the builders replace with the tiny model. `tirex.models.classification`
# imports its LightGBM classifier at import time (lightgbm is an undeclared, optional dependency, not installed): a
# stand-in module is put in `sys.modules` when it is missing; the LightGBM models are not used.
def _tirex_zero():
    from tirex.models.tirex import TiRexZero
    torch.manual_seed(0)
    cfg = dict(input_patch_size=8, output_patch_size=8, quantiles=[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9],
               block_kwargs=dict(num_blocks=2, embedding_dim=16, num_heads=2), input_ff_dim=32)
    return TiRexZero("torch", cfg, train_ctx_len=32).eval()


def _tirex_tiny_embedding():
    import sys
    import types
    if "lightgbm" not in sys.modules and importlib.util.find_spec("lightgbm") is None:
        lgb = types.ModuleType("lightgbm")
        lgb.LGBMClassifier = lgb.LGBMRegressor = lgb.early_stopping = None
        sys.modules["lightgbm"] = lgb
    import tirex.models.embedding as E
    E.load_model = lambda *a, **k: _tirex_zero()


@entry("tirex-ts", "README: TiRex forecast(context tensor with leading NaNs, prediction_length=20, batch_size=2): context padding, patch tokenizer, sLSTM blocks, quantile heads, multi-step rollout")
def tirex_forecast():
    m = _tirex_zero()
    ctx = torch.randn(3, 40)
    ctx[0, :5] = float("nan")

    def f(ctx):
        return m.forecast(ctx, prediction_length=20, batch_size=2)
    return f, (ctx,)


@entry("tirex-ts", "README: TiRex forecast of a list of NumPy series of different lengths (padded per batch), NumPy output, max_accelerated_rollout_steps=2")
def tirex_forecast_list():
    import numpy as np
    m = _tirex_zero()
    ctx = [np.sin(np.linspace(0, 5, 30)), np.linspace(0, 1, 17)]

    def f():
        return m.forecast(ctx, output_type="numpy", prediction_length=12, max_accelerated_rollout_steps=2)
    return f, ()


@entry("tirex-ts", "TiRex _forward_model_tokenized on NaN-masked tokens with new_patch_count=2 (rollout padding), no grad")
def tirex_forward_tokens():
    m = _tirex_zero()
    tok = torch.randn(2, 4, 8)
    tok[0, 0, :3] = float("nan")

    def f(tok):
        with torch.no_grad():
            return m._forward_model_tokenized(tok, new_patch_count=2)
    return f, (tok,)


@entry("tirex-ts", "TiRexEmbedding (data augmentation: sample statistics and first differences) of a batch of 2-variate series, in batches of 3")
def tirex_embedding():
    _tirex_tiny_embedding()
    from tirex.models.embedding import TiRexEmbedding
    e = TiRexEmbedding(device="cpu", data_augmentation=True, batch_size=3)
    return e, (torch.randn(5, 2, 45),)


@entry("tirex-ts", "README: TirexLinearClassifier(data_augmentation=True).fit((x, y)) for 2 epochs (train / validation split, early stopping, logging) then predict_proba")
def tirex_linear_classifier():
    _tirex_tiny_embedding()
    from tirex.models.classification import TirexLinearClassifier
    torch.manual_seed(0)
    x, y = torch.randn(12, 2, 40), torch.arange(12) % 3

    def f():
        clf = TirexLinearClassifier(data_augmentation=True, device="cpu", max_epochs=2, batch_size=4, seed=0,
                                    log_every_n_steps=1)
        clf.fit((x, y))
        return clf.predict_proba(x[:4])
    return f, ()


# ========================================================= elmoformanylangs ==
# held-out set 22, sequence batch. elmoformanylangs (HIT-SCIR's ELMoForManyLangs: ELMo contextual embeddings with a
# character-CNN / highway token embedder, an AllenNLP-style bidirectional LSTM with projection and clipping, and the
# biLM language-model training code). Tiny random models from the package's config format (2 layers, 16-dim
# projections, 3 char-CNN filters) over a 12-word / character lexicon; the README's `Embedder(model_dir).sents2elmo`
# reads a model directory, which the builder writes (config, lexicons, random state dicts) into a temporary folder.
def _elmo_config(encoder="elmo"):
    return {"encoder": {"name": encoder, "projection_dim": 16, "cell_clip": 3, "proj_clip": 3, "dim": 32,
                        "n_layers": 2},
            "token_embedder": {"name": "cnn", "activation": "relu", "filters": [[1, 4], [2, 4], [3, 8]],
                               "n_highway": 2, "word_dim": 8, "char_dim": 6, "max_characters_per_token": 12},
            "classifier": {"name": "softmax"}, "dropout": 0.1}


_ELMO_SENTS = [["the", "cat", "sat", "on", "a", "mat"], ["dogs", "bark"], ["a", "bird", "sings", "at", "dawn"]]


def _elmo_lexicons():
    words = ["<oov>", "<pad>", "<bos>", "<eos>", "the", "cat", "sat", "on", "a", "mat", "dogs", "bird"]
    chars = ["<oov>", "<pad>", "<bos>", "<eos>", "<bow>", "<eow>"] + sorted(set("".join(w for s in _ELMO_SENTS
                                                                                       for w in s)))
    return {w: i for i, w in enumerate(words)}, {c: i for i, c in enumerate(chars)}


def _elmo_model(encoder="elmo"):
    from elmoformanylangs.frontend import Model
    from elmoformanylangs.modules.embedding_layer import EmbeddingLayer
    torch.manual_seed(0)
    cfg = _elmo_config(encoder)
    w2i, c2i = _elmo_lexicons()
    m = Model(cfg, EmbeddingLayer(8, w2i, fix_emb=False), EmbeddingLayer(6, c2i, fix_emb=False))
    return cfg, w2i, c2i, m.eval()


@entry("elmoformanylangs", "frontend Model forward (char-CNN + highway token embedder, ELMo biLSTM with projection, clipping and length sorting) on a create_one_batch batch of three sentences, no grad")
def elmo_forward():
    from elmoformanylangs.frontend import create_one_batch
    cfg, w2i, c2i, m = _elmo_model()
    w, c, _, masks = create_one_batch([["<bos>"] + s + ["<eos>"] for s in _ELMO_SENTS], w2i, c2i, cfg)

    def f(w, c, masks):
        with torch.no_grad():
            return m(w, c, masks)
    return f, (w, c, masks)


@entry("elmoformanylangs", "frontend Model forward with the plain LSTM biLM encoder (LstmbiLm) and the char-CNN token embedder, no grad")
def elmo_lstm_forward():
    from elmoformanylangs.frontend import create_one_batch
    cfg, w2i, c2i, m = _elmo_model("lstm")
    w, c, _, masks = create_one_batch([["<bos>"] + s + ["<eos>"] for s in _ELMO_SENTS], w2i, c2i, cfg)

    def f(w, c, masks):
        with torch.no_grad():
            return m(w, c, masks)
    return f, (w, c, masks)


@entry("elmoformanylangs", "README: Embedder(model_dir, batch_size=2).sents2elmo(sents) (batching, sorting, per-sentence averaging, recovering the order) and output_layer=-2, from a model directory written to a temporary folder")
def elmo_sents2elmo():
    import json
    import tempfile
    from elmoformanylangs import Embedder
    cfg, w2i, c2i, m = _elmo_model()
    d = tempfile.mkdtemp(prefix="elmo_")
    with open(os.path.join(d, "cnn.json"), "w") as fh:
        json.dump(cfg, fh)
    with open(os.path.join(d, "config.json"), "w") as fh:
        json.dump({"config_path": "cnn.json"}, fh)
    for name, lex in (("word.dic", w2i), ("char.dic", c2i)):
        with open(os.path.join(d, name), "w", encoding="utf-8") as fh:
            fh.writelines(f"{k}\t{v}\n" for k, v in lex.items())
    torch.save(m.token_embedder.state_dict(), os.path.join(d, "token_embedder.pkl"))
    torch.save(m.encoder.state_dict(), os.path.join(d, "encoder.pkl"))
    e = Embedder(d, batch_size=2)

    def f():
        with torch.no_grad():
            return e.sents2elmo(_ELMO_SENTS), e.sents2elmo(_ELMO_SENTS[:2], output_layer=-2)
    return f, ()


@entry("elmoformanylangs", "biLM language-model training step (softmax classifier): forward / backward losses over shifted targets, backward, gradient clipping, SGD step")
def elmo_bilm_train_step():
    from elmoformanylangs.biLM import Model, create_one_batch
    from elmoformanylangs.modules.embedding_layer import EmbeddingLayer
    torch.manual_seed(0)
    cfg = _elmo_config()
    w2i, c2i = _elmo_lexicons()
    m = Model(cfg, EmbeddingLayer(8, w2i, fix_emb=False), EmbeddingLayer(6, c2i, fix_emb=False), len(w2i)).train()
    opt = torch.optim.SGD(m.parameters(), lr=0.1)
    w, c, _, masks = create_one_batch([["<bos>"] + s + ["<eos>"] for s in _ELMO_SENTS], w2i, c2i, cfg)

    def f(w, c, masks):
        opt.zero_grad()
        loss_f, loss_b = m(w, c, masks)
        loss = 0.5 * (loss_f + loss_b)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(m.parameters(), 5.0)
        opt.step()
        return loss.detach()
    return f, (w, c, masks)


# ================================================================= sequitur ==
# held-out set 22, sequence batch. sequitur (shobrook's autoencoders for sequential data: LSTM, convolutional-LSTM and
# linear autoencoders and the README's `quick_train` loop). Tiny random sequences.
@entry("sequitur", "README: quick_train(LSTM_AE, train_set, encoding_dim=4, h_dims=[8], epochs=2, verbose=True): Adam training loop with loss.item() and per-epoch printing, then encodings")
def sequitur_quick_train():
    from sequitur import quick_train
    from sequitur.models import LSTM_AE
    torch.manual_seed(0)
    train = [torch.randn(6, 3) for _ in range(3)]

    def f():
        _, _, encodings, _ = quick_train(LSTM_AE, train, encoding_dim=4, epochs=2, verbose=True, h_dims=[8])
        return encodings[0]
    return f, ()


@entry("sequitur", "CONV_LSTM_AE (2D frames, h_dims=[8]) and LINEAR_AE (h_dims=[4]) forward")
def sequitur_conv_lstm_linear():
    from sequitur.models import CONV_LSTM_AE, LINEAR_AE
    torch.manual_seed(0)
    conv = CONV_LSTM_AE((8, 8), 4, kernel=(3, 3), stride=1, h_conv_channels=[2], h_lstm_channels=[8])
    lin = LINEAR_AE(5, 2, h_dims=[4])

    def f(x, y):
        return conv(x), lin(y)
    return f, (torch.randn(5, 8, 8), torch.randn(5))


# =========================================================== warprnnt-numba ==
# held-out set 22, sequence batch. warprnnt-numba (Somshubra Majumdar's RNN-Transducer loss for speech recognition,
# ported from warp-transducer and NVIDIA NeMo: the CPU path runs its alpha / beta recursions and FastEmit gradients
# in Python and Numba over NumPy views of the tensors). The README's example on CPU.
@entry("warprnnt-numba", "README: RNNTLossNumba(blank=4, reduction='mean', fastemit_lambda=0.001, clamp=0.0) on padded joint activations with acoustic / label lengths, backward")
def warprnnt_loss():
    import warprnnt_numba
    torch.manual_seed(0)
    acts = torch.randn(2, 8, 5, 5, requires_grad=True)
    seq = torch.tensor([5, 8], dtype=torch.int32)
    labels = torch.tensor([[4, 1, 1, 3, 0], [4, 2, 2, 3, 1]], dtype=torch.int32)
    label_lens = torch.tensor([3, 4], dtype=torch.int32)
    loss_fn = warprnnt_numba.RNNTLossNumba(blank=4, reduction="mean", fastemit_lambda=0.001, clamp=0.0)

    def f(acts):
        loss = loss_fn(acts, labels, seq, label_lens)
        loss.backward()
        return loss.detach()
    return f, (acts,)
