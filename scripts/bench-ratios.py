#!/usr/bin/env python3
"""Prints the last criterion run's pair-query times as a markdown table, with our ratios.

For each benchmark group under `target/criterion` (or the directory given) that has an `ours`
function: ns per query (the mean over the group's inputs, `PAIRS` of them unless told with
`--pairs`), and ours ÷ parry2d and ours ÷ Box2D where those were timed. Groups are printed in
the order given by `--match` substrings, or all of them sorted by name.

    cargo bench -p collide2d --bench queries && python3 scripts/bench-ratios.py
    python3 scripts/bench-ratios.py --match contact_ distance_ ray_ cast_ --merge-subsets
"""

import argparse
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def runs(criterion_dir):
    """{group: {function: mean ns per iteration}} from each benchmark's `new` estimates."""
    found = {}
    for meta in criterion_dir.glob("**/new/benchmark.json"):
        info = json.loads(meta.read_text())
        estimates = json.loads((meta.parent / "estimates.json").read_text())
        group, function = info["group_id"], info.get("function_id")
        found.setdefault(group, {})[function] = estimates["mean"]["point_estimate"]
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", type=pathlib.Path, default=ROOT / "target" / "criterion")
    parser.add_argument("--pairs", type=int, default=1024, help="queries per iteration")
    parser.add_argument("--match", nargs="*", default=None, help="group name substrings, in print order")
    parser.add_argument(
        "--merge-subsets",
        action="store_true",
        help="one row per family, its subsets (`family/overlapping`, `family/apart`...) side by side in each cell",
    )
    args = parser.parse_args()
    found = runs(args.dir)
    groups = sorted(g for g in found if "ours" in found[g])
    if args.match:
        groups = [g for m in args.match for g in groups if m in g]
    rows = {}
    for g in groups:
        family, _, subset = g.partition("/") if args.merge_subsets else (g, "", "")
        rows.setdefault(family, []).append((subset, found[g]))
    ns = lambda t: f"{t / args.pairs:.1f}" if t is not None else "–"
    ratio = lambda a, b: f"{a / b:.2f}" if a is not None and b is not None else "–"
    print("| query | ours ns | ours (Shape) ns | parry2d ns | Box2D v3 ns | ÷ parry2d | ÷ Box2D |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for family, subsets in rows.items():
        cells = [[] for _ in range(6)]
        for _, f in subsets:
            ours, enum, parry, box2d = f.get("ours"), f.get("ours_shape_enum"), f.get("parry2d"), f.get("box2d")
            values = [ns(ours), ns(enum), ns(parry), ns(box2d), ratio(ours, parry), ratio(ours, box2d)]
            for cell, value in zip(cells, values):
                cell.append(value)
        name = family + (f" ({' / '.join(s for s, _ in subsets)})" if subsets[0][0] else "")
        print(f"| {name} | " + " | ".join(" / ".join(c) for c in cells) + " |")


if __name__ == "__main__":
    main()
