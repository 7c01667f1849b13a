package planner

import "github.com/beads-architect/architect/parser"

// ancestry answers "is t an ancestor of n?" for many pairs at once, 64
// targets t at a time. The targets of a chunk are consecutive in a
// topological order, so one pass over the sprints ranked from the chunk's
// first target to the last sprint that asks about one of them gives each
// sprint a bitset of the chunk's targets among its ancestors. A chunk's
// pass touches only the sprints ranked between its targets and the
// sprints that ask about them, which in a plan are near each other, so
// the whole is about linear; at worst it is a pass over the plan for
// every 64 targets. It needs a few words a sprint, however many pairs.
type ancestry struct {
	byRank []*Node  // the sprints in a topological order
	rank   []int    // by Order: the sprint's place in byRank
	last   []int    // by Order: the highest rank of a sprint that asks about it, or -1
	lo     int      // the rank of the current chunk's first target
	mask   []uint64 // by Order: the chunk's targets among the sprint's ancestors, for sprints ranked from lo on
	bit    []uint64 // by Order: the sprint's bit in the chunk, 0 outside it
}

func newAncestry(byRank []*Node, rank []int) *ancestry {
	a := &ancestry{byRank: byRank, rank: rank, last: make([]int, len(byRank))}
	for i := range a.last {
		a.last[i] = -1
	}
	return a
}

// ask records that asker's visit needs t's bit: t is looked for among the
// ancestors of asker, or of its dependencies.
func (a *ancestry) ask(t, asker *Node) {
	a.last[t.Order] = max(a.last[t.Order], a.rank[asker.Order])
}

// run computes, chunk by chunk, the mask of every sprint that needs one
// and calls visit on each, in topological order: anc is the union of the
// masks of its dependencies, own the bits of the dependencies that are
// targets, so anc|own is the sprint's own mask. A target's bit is
// a.bit[t.Order] during the calls; a target t of the chunk is an ancestor
// of a sprint with a mask if a.mask[n.Order]&a.bit[t.Order] != 0.
func (a *ancestry) run(visit func(n *Node, anc, own uint64)) {
	var targets []*Node // in topological order
	for _, n := range a.byRank {
		if a.last[n.Order] >= 0 {
			targets = append(targets, n)
		}
	}
	if len(targets) == 0 {
		return
	}
	a.mask = make([]uint64, len(a.byRank))
	a.bit = make([]uint64, len(a.byRank))
	for start := 0; start < len(targets); start += 64 {
		ts := targets[start:min(start+64, len(targets))]
		a.lo = a.rank[ts[0].Order]
		hi := 0
		for i, t := range ts {
			a.bit[t.Order] = 1 << i
			hi = max(hi, a.last[t.Order])
		}
		// A sprint ranked before lo has none of the chunk's targets among
		// its ancestors; its mask is left over from an earlier chunk.
		for _, n := range a.byRank[a.lo : hi+1] {
			var anc, own uint64
			for _, d := range n.Deps {
				if a.rank[d.Order] >= a.lo {
					anc |= a.mask[d.Order]
					own |= a.bit[d.Order]
				}
			}
			a.mask[n.Order] = anc | own
			visit(n, anc, own)
		}
		for _, t := range ts {
			a.bit[t.Order] = 0
		}
	}
}

// impliedByNumbering returns, by Order, the sprints each sprint's Depends
// on names that are already among its ancestors (nil when none names a
// sprint). It runs before the explicit edges are added, so every
// dependency is a numbering one, and numbering edges point forward in
// execution order: Order is a topological order.
func (b *build) impliedByNumbering() [][]*Node {
	nodes := b.g.Nodes
	rank := make([]int, len(nodes))
	for i := range rank {
		rank[i] = i
	}
	a := newAncestry(nodes, rank)
	var asks [][]*Node // by Order: the sprints ordered before it that its Depends on names
	for _, n := range nodes {
		for _, ref := range n.Sprint.DependsOn {
			if d := b.g.byID[ref.ID]; d != nil && d.Order < n.Order {
				if asks == nil {
					asks = make([][]*Node, len(nodes))
				}
				asks[n.Order] = append(asks[n.Order], d)
				a.ask(d, n)
			}
		}
	}
	if asks == nil {
		return nil
	}
	implied := make([][]*Node, len(nodes))
	a.run(func(n *Node, anc, own uint64) {
		if anc|own == 0 {
			return
		}
		for _, d := range asks[n.Order] {
			if (anc|own)&a.bit[d.Order] != 0 {
				implied[n.Order] = append(implied[n.Order], d)
			}
		}
	})
	return implied
}

// reduce makes every sprint's dependencies the transitive reduction of the
// whole edge set, numbering and explicit edges alike: a dependency that
// another of the sprint's dependencies already waits on, directly or
// through others, is dropped. 1.3 after 1.2a and 1.2b, where 1.2b depends
// on 1.2a, waits on 1.2b alone: a work bead with one source branch, not a
// merge. What `bd ready` releases is unchanged, since only edges another
// path already implies are dropped. A dropped explicit edge is reported.
//
// rank is a topological order of the graph, by Order (see topoRank); the
// graph has no cycle. Only the dependencies of sprints with two or more
// can go; each such sprint asks about its own.
func (b *build) reduce(rank []int) {
	byRank := make([]*Node, len(b.g.Nodes))
	for _, n := range b.g.Nodes {
		byRank[rank[n.Order]] = n
	}
	a := newAncestry(byRank, rank)
	for _, n := range b.g.Nodes {
		if len(n.Deps) >= 2 {
			for _, d := range n.Deps {
				a.ask(d, n)
			}
		}
	}
	a.run(func(n *Node, anc, own uint64) {
		if anc&own != 0 {
			b.drop(a, n, anc)
		}
	})
}

// drop removes n's dependencies whose bit is in anc, the union of its
// dependencies' masks: each is an ancestor of another dependency. In an
// acyclic graph, every dependency dropped this way is an ancestor of one
// that stays, so reachability is unchanged.
func (b *build) drop(a *ancestry, n *Node, anc uint64) {
	redundant := func(d *Node) bool { return a.bit[d.Order]&anc != 0 }
	for _, d := range n.Deps {
		if !n.Explicit[d] || !redundant(d) {
			continue
		}
		// An explicit edge the others already imply: say through which
		// dependency. The last in topological order of those that wait on
		// d stays in the end, as no other dependency can wait on it.
		var via *Node
		for _, e := range n.Deps {
			if a.rank[e.Order] >= a.lo && a.mask[e.Order]&a.bit[d.Order] != 0 && (via == nil || a.rank[e.Order] > a.rank[via.Order]) {
				via = e
			}
		}
		for _, ref := range n.Sprint.DependsOn {
			if ref.ID == d.ID() {
				b.diag(parser.Warning, ref.Pos, "sprint %s already follows %s through %s; the Depends on edge adds nothing", n.ID(), d.ID(), via.ID())
				break
			}
		}
		delete(n.Explicit, d)
	}
	if len(n.Explicit) == 0 {
		n.Explicit = nil
	}
	kept := n.Deps[:0]
	for _, d := range n.Deps {
		if !redundant(d) {
			kept = append(kept, d)
		}
	}
	clear(n.Deps[len(kept):])
	n.Deps = kept
}
