package planner

import "github.com/beads-architect/architect/parser"

// reduce makes every sprint's dependencies the transitive reduction of the
// whole edge set, numbering and explicit edges alike: a dependency that
// another of the sprint's dependencies already waits on, directly or
// through others, is dropped. 1.3 after 1.2a and 1.2b, where 1.2b depends
// on 1.2a, waits on 1.2b alone: a work bead with one source branch, not a
// merge. What `bd ready` releases is unchanged, since only edges another
// path already implies are dropped. A dropped explicit edge is reported.
//
// rank is a topological order of the graph, by Order (see topoRank); the
// graph has no cycle.
//
// Only the dependencies of sprints with two or more can go (the targets).
// They are taken 64 at a time, in topological order: one pass over the
// sprints ranked from the first target to the last sprint that waits on
// one of them gives each sprint a bitset of the targets among its
// ancestors, and a dependency whose bit is in another dependency's set is
// redundant. A chunk's pass touches only the sprints ranked between its
// targets and their dependents, which in a plan are near each other, so
// the whole is about linear; at worst it is a pass over the plan for every
// 64 targets, and it needs two words a sprint.
func (b *build) reduce(rank []int) {
	nodes := b.g.Nodes
	byRank := make([]*Node, len(nodes))
	for _, n := range nodes {
		byRank[rank[n.Order]] = n
	}
	const none = -1
	last := make([]int, len(nodes)) // by Order: the highest rank of a sprint with two or more dependencies that waits on it
	for i := range last {
		last[i] = none
	}
	found := false
	for _, n := range nodes {
		if len(n.Deps) < 2 {
			continue
		}
		found = true
		for _, d := range n.Deps {
			last[d.Order] = max(last[d.Order], rank[n.Order])
		}
	}
	if !found {
		return
	}
	var targets []*Node // in topological order
	for _, n := range byRank {
		if last[n.Order] != none {
			targets = append(targets, n)
		}
	}
	c := chunk{b: b, rank: rank, mask: make([]uint64, len(nodes)), bit: make([]uint64, len(nodes))}
	for start := 0; start < len(targets); start += 64 {
		ts := targets[start:min(start+64, len(targets))]
		c.lo = rank[ts[0].Order]
		hi := 0
		for i, t := range ts {
			c.bit[t.Order] = 1 << i
			hi = max(hi, last[t.Order])
		}
		// A sprint ranked before lo has none of the chunk's targets among
		// its ancestors; its mask is left over from an earlier chunk.
		for _, n := range byRank[c.lo : hi+1] {
			var anc, own uint64 // the deps' ancestors among the targets; the deps that are targets
			for _, d := range n.Deps {
				if rank[d.Order] >= c.lo {
					anc |= c.mask[d.Order]
					own |= c.bit[d.Order]
				}
			}
			c.mask[n.Order] = anc | own
			if anc&own != 0 {
				c.drop(n, anc)
			}
		}
		for _, t := range ts {
			c.bit[t.Order] = 0
		}
	}
}

// chunk is the state of one pass of reduce.
type chunk struct {
	b    *build
	rank []int    // by Order: the topological rank
	lo   int      // the rank of the chunk's first target
	mask []uint64 // by Order: the chunk's targets among the sprint's ancestors, for sprints ranked from lo on
	bit  []uint64 // by Order: the sprint's bit in the chunk, 0 outside it
}

// drop removes n's dependencies whose bit is in anc, the union of its
// dependencies' masks: each is an ancestor of another dependency. In an
// acyclic graph, every dependency dropped this way is an ancestor of one
// that stays, so reachability is unchanged.
func (c *chunk) drop(n *Node, anc uint64) {
	redundant := func(d *Node) bool { return c.bit[d.Order]&anc != 0 }
	for _, d := range n.Deps {
		if !n.Explicit[d] || !redundant(d) {
			continue
		}
		// An explicit edge the others already imply: say through which
		// dependency. The last in topological order of those that wait on
		// d stays in the end, as no other dependency can wait on it.
		var via *Node
		for _, e := range n.Deps {
			if c.rank[e.Order] >= c.lo && c.mask[e.Order]&c.bit[d.Order] != 0 && (via == nil || c.rank[e.Order] > c.rank[via.Order]) {
				via = e
			}
		}
		for _, ref := range n.Sprint.DependsOn {
			if ref.ID == d.ID() {
				c.b.diag(parser.Warning, ref.Pos, "sprint %s already follows %s through %s; the Depends on edge adds nothing", n.ID(), d.ID(), via.ID())
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
