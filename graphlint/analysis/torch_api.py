"""torch functions that return no tensor (shared by the file summary and the kind inference)."""

TORCH_NON_TENSOR = {
    "torch.is_tensor", "torch.is_floating_point", "torch.is_complex", "torch.is_storage", "torch.numel",
    "torch.compiler.is_compiling", "torch.compiler.is_dynamo_compiling", "torch.jit.is_scripting",
    "torch.jit.is_tracing", "torch.is_grad_enabled", "torch.is_inference_mode_enabled",
    "torch.get_default_dtype", "torch.cuda.is_available", "torch.device", "torch.dtype", "torch.Size",
    "torch.finfo", "torch.iinfo", "torch.no_grad", "torch.enable_grad", "torch.set_grad_enabled",
    "torch.autocast", "torch.inference_mode", "torch.is_autocast_enabled", "torch.get_autocast_gpu_dtype",
    "torch.are_deterministic_algorithms_enabled", "torch.broadcast_shapes", "torch.promote_types",
    "torch.result_type", "torch.can_cast", "torch.typename", "torch.is_nonzero_shape",
    "torch._dynamo.is_compiling", "torch.fx._symbolic_trace.is_fx_tracing", "torch.cuda.device_count",
    "torch.get_num_threads", "torch.manual_seed",
    # MultiheadAttention's input checks, which copies of `multi_head_attention_forward` call: a Python bool
    # (torch-uncertainty's packed attention, `is_batched = F._mha_shape_check(...)`, then `if not is_batched:`)
    "torch.nn.functional._mha_shape_check", "torch.nn.functional._none_or_dtype",
}
TORCH_NON_TENSOR_PREFIXES = ("torch.distributed.", "torch._C.", "torch.backends.", "torch.cuda.",
                             "torch.jit.", "torch.compiler.", "torch.utils.", "torch.fx.", "torch._dynamo.",
                             "torch.overrides.", "torch.testing.", "torch.library.", "torch.export.",
                             "torch.nn.init.", "torch.nn.utils.", "torch.nn.modules.", "torch.optim.",
                             "torch.autograd.Function", "torch.hub.", "torch.onnx.", "torch.profiler.",
                             "torch.amp.", "torch.cpu.", "torch.mps.", "torch.xpu.", "torch.version.",
                             # a checkpoint: whatever was saved, most often a dict (rlforge's `checkpoint['total_steps']`)
                             "torch.load", "torch.save")

# the tensors a few functions under those prefixes do return: a padded batch and its lengths (deepecho's
# `X_padded, seq_len = pad_packed_sequence(X)`, then `mu[: seq_len[i], i]`), a gradient norm, a flat vector
TORCH_UTILS_TENSOR = frozenset({
    "torch.nn.utils.rnn.pad_sequence", "torch.nn.utils.parameters_to_vector", "torch.nn.utils.clip_grad_norm_",
    "torch.nn.utils.clip_grad_norm", "torch.nn.utils.get_total_norm",
})
TORCH_UTILS_TENSOR_SEQ = frozenset({
    "torch.nn.utils.rnn.pad_packed_sequence", "torch.nn.utils.rnn.unpad_sequence",
    "torch.nn.utils.rnn.unpack_sequence",
})


def returns_no_tensor(qualified: str) -> bool:
    return qualified in TORCH_NON_TENSOR or qualified.startswith(TORCH_NON_TENSOR_PREFIXES)
