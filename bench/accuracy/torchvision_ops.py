"""Pure-Python stand-in for torchvision's compiled CPU ops (held-out set 34).

The PyPI torchvision 0.28.0 wheel is the CUDA build: its ``_C.so`` links ``libc10_cuda.so``, which the
benchmark's CPU torch (2.13.0+cpu) lacks, so ``torchvision.extension`` cannot load it and
``import torchvision`` then fails in ``_meta_registrations.py`` ("operator torchvision::nms does not
exist"). This module

1. defines the ``torchvision::*`` operators with the SAME schemas as torchvision 0.28's C++
   registrations (``torchvision/csrc/ops/*.cpp`` ``m.def(TORCH_SELECTIVE_SCHEMA(...))`` and
   ``vision.cpp``'s ``_cuda_version``; checked against the strings in the wheel's ``_C.so``),
2. registers CPU kernels written in plain PyTorch for the ops the benchmark's models call
   (``nms``: greedy NMS, the C++ CPU kernel's algorithm; ``roi_align``: a per-RoI port of the C++ CPU
   kernel, checked against torchvision's pure-PyTorch reference ``_roi_align``, and ``_roi_align_backward``:
   its vector-Jacobian product; ``_cuda_version``: -1, a CPU build); the other ops are defined (so
   torchvision's fake / autograd registrations work) but raise if they are run,
3. makes ``torchvision.extension._has_ops()`` return True as soon as ``torchvision.extension`` has been
   executed (an import hook), so torchvision registers its own fake (meta) kernels and autograd
   formulas in ``_meta_registrations.py`` / ``_autograd_registrations.py`` and takes its normal
   compiled-op code paths, exactly as for a user whose torchvision loads ``_C``.

Dynamo sees ``torch.ops.torchvision.*`` as opaque custom ops and uses torchvision's fake kernels; the
Python kernels below run only when the op really executes (eagerly or inside a compiled graph). They
are wrapped in ``torch.compiler.disable`` so that an op called from an eager region of a compiled
function is never traced itself, and they switch ``sys.settrace`` off while they run (a real install runs
C++ there: nothing the kernels call may count as covered package code).

Import this module BEFORE torchvision (collect.py does it for packages with ``"site": "models"``).
"""
from __future__ import annotations

import concurrent.futures
import importlib.abc
import importlib.machinery
import math
import sys

import torch

SCHEMAS = (
    "nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor",
    "qnms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor",
    "roi_align(Tensor input, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width, "
    "int sampling_ratio, bool aligned) -> Tensor",
    "_roi_align_backward(Tensor grad, Tensor rois, float spatial_scale, SymInt pooled_height, "
    "SymInt pooled_width, SymInt batch_size, SymInt channels, SymInt height, SymInt width, "
    "int sampling_ratio, bool aligned) -> Tensor",
    "qroi_align(Tensor input, Tensor rois, float input_scale, int input_zero_point, float rois_scale, "
    "int rois_zero_point, float spatial_scale, SymInt pooled_height, SymInt pooled_width, "
    "int sampling_ratio, bool aligned) -> Tensor",
    "roi_pool(Tensor input, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width) "
    "-> (Tensor, Tensor)",
    "_roi_pool_backward(Tensor grad, Tensor rois, Tensor argmax, float spatial_scale, SymInt pooled_height, "
    "SymInt pooled_width, SymInt batch_size, SymInt channels, SymInt height, SymInt width) -> Tensor",
    "ps_roi_align(Tensor input, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width, "
    "int sampling_ratio) -> (Tensor, Tensor)",
    "_ps_roi_align_backward(Tensor grad, Tensor rois, Tensor channel_mapping, float spatial_scale, "
    "SymInt pooled_height, SymInt pooled_width, int sampling_ratio, SymInt batch_size, SymInt channels, "
    "SymInt height, SymInt width) -> Tensor",
    "ps_roi_pool(Tensor input, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width) "
    "-> (Tensor, Tensor)",
    "_ps_roi_pool_backward(Tensor grad, Tensor rois, Tensor channel_mapping, float spatial_scale, "
    "SymInt pooled_height, SymInt pooled_width, SymInt batch_size, SymInt channels, SymInt height, "
    "SymInt width) -> Tensor",
    "deform_conv2d(Tensor input, Tensor weight, Tensor offset, Tensor mask, Tensor bias, SymInt stride_h, "
    "SymInt stride_w, SymInt pad_h, SymInt pad_w, SymInt dilation_h, SymInt dilation_w, SymInt groups, "
    "SymInt offset_groups, bool use_mask) -> Tensor",
    "_deform_conv2d_backward(Tensor grad, Tensor input, Tensor weight, Tensor offset, Tensor mask, "
    "Tensor bias, SymInt stride_h, SymInt stride_w, SymInt pad_h, SymInt pad_w, SymInt dilation_h, "
    "SymInt dilation_w, SymInt groups, SymInt offset_groups, bool use_mask) "
    "-> (Tensor, Tensor, Tensor, Tensor, Tensor)",
    "box_iou_rotated(Tensor boxes1, Tensor boxes2) -> Tensor",
    "_cuda_version() -> int",
)


class _NoTrace:
    """Run a kernel without the caller's sys.settrace tracer (and restore it afterwards)."""

    def __enter__(self):
        self.old = sys.gettrace()
        sys.settrace(None)

    def __exit__(self, *exc):
        sys.settrace(self.old)
        return False


def _bilinear(img, ys, xs):
    """torchvision/csrc/ops/cpu/roi_align_common.h bilinear_interpolate for one image (C, H, W) at the
    grid ys x xs (1-d tensors): samples outside [-1, H] x [-1, W] are 0, edges clamped."""
    _, height, width = img.shape
    y = ys[:, None].expand(len(ys), len(xs))
    x = xs[None, :].expand(len(ys), len(xs))
    valid = (y >= -1) & (y <= height) & (x >= -1) & (x <= width)
    y = y.clamp(min=0)
    x = x.clamp(min=0)
    y_low = y.floor().long()
    x_low = x.floor().long()
    ycond = y_low >= height - 1
    xcond = x_low >= width - 1
    y_low = torch.where(ycond, height - 1, y_low)
    x_low = torch.where(xcond, width - 1, x_low)
    y_high = torch.where(ycond, height - 1, y_low + 1)
    x_high = torch.where(xcond, width - 1, x_low + 1)
    y = torch.where(ycond, y_low.to(y.dtype), y)
    x = torch.where(xcond, x_low.to(x.dtype), x)
    ly, lx = y - y_low, x - x_low
    hy, hx = 1 - ly, 1 - lx
    v = (img[:, y_low, x_low] * (hy * hx) + img[:, y_low, x_high] * (hy * lx)
         + img[:, y_high, x_low] * (ly * hx) + img[:, y_high, x_high] * (ly * lx))
    return v * valid


def _roi_align_impl(input, rois, spatial_scale, pooled_height, pooled_width, sampling_ratio, aligned):
    """RoIAlign forward, the C++ CPU kernel's algorithm (torchvision/csrc/ops/cpu/roi_align_kernel.cpp):
    one RoI at a time, each bin the mean of its (adaptive or fixed) sampling grid. Differentiable in
    `input` (autograd of the gathers gives the backward)."""
    channels = input.shape[1]
    offset = 0.5 if aligned else 0.0
    outs = []
    dt, dev = input.dtype, input.device
    for b, x1, y1, x2, y2 in rois.tolist():
        x1, y1, x2, y2 = (v * spatial_scale - offset for v in (x1, y1, x2, y2))
        rw, rh = x2 - x1, y2 - y1
        if not aligned:
            rw, rh = max(rw, 1.0), max(rh, 1.0)
        bh, bw = rh / pooled_height, rw / pooled_width
        gh = sampling_ratio if sampling_ratio > 0 else math.ceil(rh / pooled_height)
        gw = sampling_ratio if sampling_ratio > 0 else math.ceil(rw / pooled_width)
        count = max(gh * gw, 1)
        ys = (y1 + torch.arange(pooled_height, dtype=dt, device=dev)[:, None] * bh
              + (torch.arange(gh, dtype=dt, device=dev)[None, :] + 0.5) * (bh / max(gh, 1))).reshape(-1)
        xs = (x1 + torch.arange(pooled_width, dtype=dt, device=dev)[:, None] * bw
              + (torch.arange(gw, dtype=dt, device=dev)[None, :] + 0.5) * (bw / max(gw, 1))).reshape(-1)
        v = _bilinear(input[int(b)], ys, xs)
        outs.append(v.reshape(channels, pooled_height, gh, pooled_width, gw).sum((2, 4)) / count)
    if not outs:
        return input.new_zeros((0, channels, pooled_height, pooled_width))
    return torch.stack(outs)


@torch.compiler.disable
def _nms_cpu(dets, scores, iou_threshold):
    """Greedy NMS as torchvision/csrc/ops/cpu/nms_kernel.cpp: sort by score (descending), keep a box,
    suppress the later boxes whose IoU with it is > iou_threshold; returns kept indices (int64)."""
    with _NoTrace(), torch.no_grad():
        if dets.numel() == 0:
            return torch.empty(0, dtype=torch.long, device=dets.device)
        x1, y1, x2, y2 = dets.unbind(1)
        areas = (x2 - x1) * (y2 - y1)
        order = torch.sort(scores, descending=True, stable=True).indices
        xx1 = torch.maximum(x1[:, None], x1[None, :])
        yy1 = torch.maximum(y1[:, None], y1[None, :])
        xx2 = torch.minimum(x2[:, None], x2[None, :])
        yy2 = torch.minimum(y2[:, None], y2[None, :])
        inter = (xx2 - xx1).clamp(min=0) * (yy2 - yy1).clamp(min=0)
        iou = inter / (areas[:, None] + areas[None, :] - inter)
        over = (iou > iou_threshold).cpu().numpy()
        suppressed = [False] * dets.shape[0]
        keep = []
        for i in order.tolist():
            if suppressed[i]:
                continue
            keep.append(i)
            row = over[i]
            for j in row.nonzero()[0].tolist():
                suppressed[j] = True
        return torch.tensor(keep, dtype=torch.long, device=dets.device)


@torch.compiler.disable
def _roi_align_cpu(input, rois, spatial_scale, pooled_height, pooled_width, sampling_ratio, aligned):
    with _NoTrace(), torch.no_grad():
        return _roi_align_impl(input, rois, spatial_scale, pooled_height, pooled_width,
                               sampling_ratio, aligned).contiguous()


@torch.compiler.disable
def _roi_align_backward_cpu(grad, rois, spatial_scale, pooled_height, pooled_width, batch_size, channels,
                            height, width, sampling_ratio, aligned):
    # roi_align is linear in its input: the gradient is the vector-Jacobian product of the forward
    # above at any input (zeros). A dispatcher kernel runs with the autograd keys excluded from the
    # thread-local dispatch state, so the product is taken in a helper thread (fresh, default state).
    def vjp():
        with torch.enable_grad():
            x = torch.zeros((batch_size, channels, height, width), dtype=grad.dtype, device=grad.device,
                            requires_grad=True)
            y = _roi_align_impl(x, rois.detach(), spatial_scale, pooled_height, pooled_width,
                                sampling_ratio, aligned)
            if not y.requires_grad:  # no RoIs (e.g. an FPN level that none maps to): zero gradient
                return torch.zeros_like(x.detach())
            (gx,) = torch.autograd.grad(y, x, grad.detach(), allow_unused=True)
        return torch.zeros_like(x.detach()) if gx is None else gx.detach()

    with _NoTrace():
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(vjp).result()


def _cuda_version_cpu():
    return -1


def _not_available(name):
    @torch.compiler.disable
    def kernel(*args, **kwargs):
        raise NotImplementedError(f"torchvision::{name} has no CPU kernel in bench/accuracy/torchvision_ops.py")
    kernel.__name__ = f"{name}_unavailable"
    return kernel


_LIB = torch.library.Library("torchvision", "DEF")  # kept alive for the process
for _schema in SCHEMAS:
    _LIB.define(_schema)
_KERNELS = {"nms": _nms_cpu, "roi_align": _roi_align_cpu, "_roi_align_backward": _roi_align_backward_cpu}
for _schema in SCHEMAS:
    _name = _schema.split("(", 1)[0]
    if _name == "_cuda_version":
        _LIB.impl(_name, _cuda_version_cpu, "CompositeExplicitAutograd")
    else:
        _LIB.impl(_name, _KERNELS.get(_name) or _not_available(_name), "CPU")


# ------------------------------------------------------- torchvision.extension._has_ops() -> True --
def _has_ops():
    return True


class _ExtensionFinder(importlib.abc.MetaPathFinder):
    """After torchvision.extension has run (its _C load fails), make its _has_ops() return True before
    _meta_registrations, _autograd_registrations and torchvision.ops import it."""

    def find_spec(self, fullname, path, target=None):
        if fullname != "torchvision.extension":
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return spec
        orig_exec = spec.loader.exec_module

        def exec_module(module):
            orig_exec(module)
            module._has_ops = _has_ops

        spec.loader.exec_module = exec_module
        return spec


def install() -> None:
    if "torchvision.extension" in sys.modules:
        sys.modules["torchvision.extension"]._has_ops = _has_ops  # too late for fake kernels; best effort
        return
    if not any(isinstance(f, _ExtensionFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _ExtensionFinder())


install()
