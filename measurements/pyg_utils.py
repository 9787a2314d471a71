"""Which torch_geometric utilities and message-passing layers break the graph when called in compiled code
(GL616's PyG list).

    bench/accuracy/.venv/bin/python measurements/pyg_utils.py > measurements/pyg-utils-2.13.txt

Needs the accuracy benchmark's environment (`bash bench/accuracy/setup.sh`): torch 2.13.0 and torch_geometric in
its venv. Each call runs on a 4-node graph with 6 edges (one self-loop) inside `torch._dynamo.explain`; "breaks"
means Dynamo recorded a graph break or a break reason.
"""
import warnings

import torch
import torch_geometric
from torch_geometric import nn as G
from torch_geometric import utils as U
from torch_geometric.nn.conv.gcn_conv import gcn_norm

warnings.filterwarnings("ignore")

EDGES = torch.tensor([[0, 1, 1, 2, 3, 3], [1, 0, 2, 3, 3, 0]])
WEIGHTS = torch.rand(6)
X = torch.randn(4, 8)


def calls():
    return {
        "utils.remove_self_loops(ei, ew)": lambda: U.remove_self_loops(EDGES, WEIGHTS),
        "utils.add_self_loops(ei, ew)": lambda: U.add_self_loops(EDGES, WEIGHTS),
        "utils.add_self_loops(ei, ew, num_nodes=4)": lambda: U.add_self_loops(EDGES, WEIGHTS, num_nodes=4),
        "utils.add_remaining_self_loops(ei, ew, num_nodes=4)": lambda: U.add_remaining_self_loops(EDGES, WEIGHTS,
                                                                                                  num_nodes=4),
        "utils.coalesce(ei, ew, num_nodes=4)": lambda: U.coalesce(EDGES, WEIGHTS, num_nodes=4),
        "utils.to_undirected(ei, num_nodes=4)": lambda: U.to_undirected(EDGES, num_nodes=4),
        "utils.to_dense_adj(ei)": lambda: U.to_dense_adj(EDGES),
        "utils.to_dense_adj(ei, max_num_nodes=4)": lambda: U.to_dense_adj(EDGES, max_num_nodes=4),
        "utils.dense_to_sparse(adj)": lambda: U.dense_to_sparse(torch.rand(4, 4) > 0.5),
        "utils.negative_sampling(ei, num_nodes=4)": lambda: U.negative_sampling(EDGES, num_nodes=4),
        "utils.structured_negative_sampling(ei, 4)": lambda: U.structured_negative_sampling(EDGES, 4),
        "utils.degree(index, num_nodes=4)": lambda: U.degree(EDGES[0], num_nodes=4),
        "utils.degree(index)": lambda: U.degree(EDGES[0]),
        "utils.softmax(src, index, num_nodes=4)": lambda: U.softmax(WEIGHTS, EDGES[0], num_nodes=4),
        "utils.dropout_edge(ei, p=0.5)": lambda: U.dropout_edge(EDGES, p=0.5, training=True),
        "utils.subgraph(subset, ei, num_nodes=4)": lambda: U.subgraph(torch.tensor([0, 1, 2]), EDGES, num_nodes=4),
        "utils.to_dense_batch(x, batch)": lambda: U.to_dense_batch(X, torch.tensor([0, 0, 1, 1])),
        "utils.is_undirected(ei, num_nodes=4)": lambda: U.is_undirected(EDGES, num_nodes=4),
        "utils.contains_self_loops(ei)": lambda: U.contains_self_loops(EDGES),
        "utils.scatter(src, index, dim_size=4)": lambda: U.scatter(WEIGHTS, EDGES[0], dim=0, dim_size=4),
        "nn.conv.gcn_conv.gcn_norm(ei, ew, 4)": lambda: gcn_norm(EDGES, WEIGHTS, 4),
    }


def layers():
    return {
        "GCNConv(8, 8)": G.GCNConv(8, 8), "GCNConv(8, 8, normalize=False)": G.GCNConv(8, 8, normalize=False),
        "GATConv(8, 8)": G.GATConv(8, 8), "GATConv(8, 8, add_self_loops=False)": G.GATConv(8, 8, add_self_loops=False),
        "GATv2Conv(8, 8)": G.GATv2Conv(8, 8), "ChebConv(8, 8, K=2)": G.ChebConv(8, 8, K=2),
        "SGConv(8, 8)": G.SGConv(8, 8), "SAGEConv(8, 8)": G.SAGEConv(8, 8),
        "GINConv(Linear(8, 8))": G.GINConv(torch.nn.Linear(8, 8)), "GraphConv(8, 8)": G.GraphConv(8, 8),
        "TransformerConv(8, 8)": G.TransformerConv(8, 8),
        "GCN(8, 8, num_layers=2)": G.GCN(8, 8, num_layers=2), "GAT(8, 8, num_layers=2)": G.GAT(8, 8, num_layers=2),
        "GraphSAGE(8, 8, num_layers=2)": G.GraphSAGE(8, 8, num_layers=2), "GIN(8, 8, num_layers=2)": G.GIN(8, 8, num_layers=2),
    }


def verdict(fn) -> str:
    torch._dynamo.reset()
    try:
        explained = torch._dynamo.explain(fn)()
    except Exception as exc:  # noqa: BLE001 — a probe that cannot compile is reported, not hidden
        return f"error     {type(exc).__name__}"
    reasons = sorted({str(b.reason).splitlines()[0][:60] for b in explained.break_reasons})
    broke = explained.graph_break_count > 0 or bool(reasons)
    return f"{'breaks' if broke else 'no break':<10}{'; '.join(reasons)}"


def main() -> None:
    print(f"# torch {torch.__version__}, torch_geometric {torch_geometric.__version__}")
    for name, fn in calls().items():
        print(f"{name:<55}{verdict(fn)}")
    for name, layer in layers().items():
        print(f"{name:<55}{verdict(lambda layer=layer: layer(X, EDGES))}")


if __name__ == "__main__":
    main()
