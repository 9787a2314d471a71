"""Where score.py's wrong findings lie: on a line Dynamo traced, in a function Dynamo traced elsewhere
(`frame-partly-traced`), or in a function none of whose lines Dynamo ever traced (`frame-never-traced`).

    python3 bench/accuracy/wrong_findings_by_frame.py RESULTS.json [TOOL [SPLIT [CATEGORY]]]

RESULTS.json is score.py's `--out`; TOOL defaults to `graphlint[auto]`; with CATEGORY every wrong finding of that
category is listed. Reads ground_truth.json's `traced` lines and the packages' files in the benchmark venv.
"""
import ast, json, sys, collections, os
HERE = os.path.dirname(os.path.abspath(__file__))
res = json.load(open(sys.argv[1]))
gt = json.load(open(os.path.join(HERE, "ground_truth.json")))
def ranges(r):
    s = set()
    for a in r:
        if isinstance(a, list): s.update(range(a[0], a[1] + 1))
        else: s.add(a)
    return s
traced = {f: ranges(r) for f, r in gt["traced"].items()}
covered = {f: ranges(r) for f, r in gt["covered"].items()}
roots = [os.path.join(HERE, ".venv", "models-site"), os.path.join(HERE, ".venv", "lib", "python3.11", "site-packages")]
def find(p):
    for r in roots:
        if os.path.exists(os.path.join(r, p)): return os.path.join(r, p)
trees = {}
def func_of(p, line):
    fp = find(p)
    if fp is None: return None
    if p not in trees:
        try: trees[p] = ast.parse(open(fp, encoding="utf-8", errors="replace").read())
        except Exception: trees[p] = None
    t = trees[p]
    best = None
    if t is None: return None
    for n in ast.walk(t):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.lineno <= line <= n.end_lineno:
            if best is None or n.lineno >= best.lineno: best = n
    return best
tool = res["tools"][sys.argv[2] if len(sys.argv) > 2 else "graphlint[auto]"]
fps = tool["false_positives"]
split = sys.argv[3] if len(sys.argv) > 3 else None
cnt = collections.Counter(); ex = collections.defaultdict(list)
for r in fps:
    if split and r["split"] != split: continue
    if r["traced"]:
        cat = "traced-line"
    else:
        f = func_of(r["path"], r["line"])
        if f is None: cat = "module-level"
        else:
            span = set(range(f.lineno, f.end_lineno + 1))
            cat = "frame-partly-traced" if span & traced.get(r["path"], set()) else "frame-never-traced"
    cnt[(cat, r["code"])] += 1
    ex[(cat, r["code"])].append(f'{r["package"]} {r["path"]}:{r["line"]} {r["source"][:90]}')
tot = collections.Counter()
for (c, code), n in cnt.items(): tot[c] += n
print(tot)
for k, n in cnt.most_common(40):
    print(n, k, "|", ex[k][0])
if len(sys.argv) > 4:
    for k in cnt:
        if k[0] == sys.argv[4]:
            for e in ex[k]: print("  ", k[1], e)
