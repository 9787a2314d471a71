"""Which torchvision transforms break the graph when called in compiled code (GL616's list).

    bench/accuracy/.venv/bin/python measurements/torchvision_transforms.py > measurements/torchvision-transforms-2.13.txt

Needs the accuracy benchmark's environment (`bash bench/accuracy/setup.sh`): torch 2.13.0 and torchvision 0.28.0
in `bench/accuracy/.venv/models-site`, with `bench/accuracy/torchvision_ops.py` standing in for torchvision's C++
ops (the PyPI wheel is the CUDA build). Each transform is built once and called on a 3x32x32 image (float, or
uint8 where the transform only takes uint8) inside `torch._dynamo.explain`; "breaks" means Dynamo recorded a
graph break or a break reason.
"""
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench/accuracy/.venv/models-site"), str(ROOT / "bench/accuracy")]
warnings.filterwarnings("ignore")

import torch  # noqa: E402
import torch._dynamo as dynamo  # noqa: E402
import torchvision_ops  # noqa: E402,F401  (registers the ops before torchvision imports)
from torchvision import transforms as T1  # noqa: E402
from torchvision.transforms import v2 as T2  # noqa: E402

FLOAT = torch.rand(3, 32, 32)
UINT8 = (torch.rand(3, 32, 32) * 255).to(torch.uint8)
MEAN, STD = [0.5] * 3, [0.2] * 3


def cases():
    for v, T in (("v1", T1), ("v2", T2)):
        yield from [
            (v, "CenterCrop", T.CenterCrop(16), FLOAT), (v, "Resize", T.Resize(16), FLOAT),
            (v, "Pad", T.Pad(2), FLOAT), (v, "Grayscale", T.Grayscale(), FLOAT),
            (v, "Normalize", T.Normalize(MEAN, STD), FLOAT), (v, "ElasticTransform", T.ElasticTransform(), FLOAT),
            (v, "ColorJitter", T.ColorJitter(0.4, 0.4, 0.4, 0.1), FLOAT), (v, "GaussianBlur", T.GaussianBlur(3), FLOAT),
            (v, "RandAugment", T.RandAugment(), UINT8), (v, "AutoAugment", T.AutoAugment(), UINT8),
            (v, "TrivialAugmentWide", T.TrivialAugmentWide(), UINT8), (v, "AugMix", T.AugMix(), UINT8),
            (v, "RandomResizedCrop", T.RandomResizedCrop(16), FLOAT), (v, "RandomCrop", T.RandomCrop(16), FLOAT),
            (v, "RandomHorizontalFlip", T.RandomHorizontalFlip(), FLOAT),
            (v, "RandomVerticalFlip", T.RandomVerticalFlip(), FLOAT),
            (v, "RandomApply", T.RandomApply([T.CenterCrop(16)]), FLOAT),
            (v, "RandomChoice", T.RandomChoice([T.CenterCrop(8), T.CenterCrop(16)]), FLOAT),
            (v, "RandomOrder", T.RandomOrder([T.CenterCrop(16), T.Resize(8)]), FLOAT),
            (v, "RandomGrayscale", T.RandomGrayscale(), FLOAT), (v, "RandomErasing", T.RandomErasing(), FLOAT),
            (v, "RandomAffine", T.RandomAffine(10), FLOAT), (v, "RandomRotation", T.RandomRotation(10), FLOAT),
            (v, "RandomPerspective", T.RandomPerspective(), FLOAT),
            (v, "RandomAdjustSharpness", T.RandomAdjustSharpness(2.0), FLOAT),
            (v, "RandomAutocontrast", T.RandomAutocontrast(), FLOAT), (v, "RandomEqualize", T.RandomEqualize(), UINT8),
            (v, "RandomInvert", T.RandomInvert(), FLOAT), (v, "RandomPosterize", T.RandomPosterize(4), UINT8),
            (v, "RandomSolarize", T.RandomSolarize(0.5), FLOAT),
        ]
    yield ("v1", "functional.normalize", lambda x: T1.functional.normalize(x, MEAN, STD), FLOAT)
    yield ("v2", "functional.normalize", lambda x: T2.functional.normalize(x, MEAN, STD), FLOAT)
    yield ("v2", "RandomChannelPermutation", T2.RandomChannelPermutation(), FLOAT)
    yield ("v2", "GaussianNoise", T2.GaussianNoise(), FLOAT)
    yield ("v2", "RandomPhotometricDistort", T2.RandomPhotometricDistort(), FLOAT)
    yield ("v2", "RandomZoomOut", T2.RandomZoomOut(), FLOAT)
    yield ("v2", "RandomResize", T2.RandomResize(16, 24), FLOAT)
    yield ("v2", "RandomShortestSize", T2.RandomShortestSize(16), FLOAT)
    yield ("v2", "ScaleJitter", T2.ScaleJitter((32, 32)), FLOAT)


def main() -> None:
    import torchvision
    print(f"# torch {torch.__version__}, torchvision {torchvision.__version__}")
    for version, name, transform, image in cases():
        dynamo.reset()
        torch.manual_seed(0)
        result = dynamo.explain(lambda x: transform(x))(image)
        reasons = sorted({str(b.reason).split("\n")[0][:60] for b in result.break_reasons})
        verdict = "breaks" if reasons or result.graph_break_count > 0 else "no break"
        print(f"{version} {name:26s} {verdict:9s} {'; '.join(reasons)}")


if __name__ == "__main__":
    main()
