package bdsync

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/beads-architect/architect/emit"
)

// CreatedAt returns the issue's created_at, and false when it has none
// that reads as a time.
func (is *Issue) CreatedAt() (time.Time, bool) {
	var s string
	if json.Unmarshal(is.Fields["created_at"], &s) != nil || s == "" {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	return t.UTC(), err == nil
}

// readyStamps gives each new unit's bead a created_at that keeps `bd
// ready` in the plan's ready order. bd lists ready beads of one priority
// by created_at (to the second), then id; the emitter stamps a plan's
// beads ReadySpacing apart in ready order (emit.ReadySpacing), and a bead
// that exists keeps the stamp it was created with. So a new bead is
// stamped between the beads that exist before and after it in ready
// order: evenly in the gap, at the end after the last one (and no later
// than needed), at the start before the first. It returns the stamps, and
// a note naming the new beads for which a gap had no room (they tie with
// the bead before them, and bd orders them by id).
func readyStamps(desired []emit.Bead, byID map[string]*Issue, now time.Time) (map[string]time.Time, string) {
	type unit struct {
		b    *emit.Bead
		rank time.Time // the emitter's stamp: the bead's place in ready order
		at   time.Time // the stored stamp of a bead that exists
		old  bool
	}
	var units []unit
	for i := range desired {
		b := &desired[i]
		if !b.IsWork() {
			continue
		}
		u := unit{b: b}
		u.rank, _ = time.Parse(time.RFC3339, b.CreatedAt)
		if cur, ok := byID[b.ID]; ok {
			u.at, u.old = cur.CreatedAt()
			if !u.old {
				continue // stored without a stamp: no neighbour to keep to
			}
		}
		units = append(units, u)
	}
	sort.SliceStable(units, func(i, j int) bool { return units[i].rank.Before(units[j].rank) })
	stamps := map[string]time.Time{}
	var crowded []string
	var lo time.Time // the latest stamp of a bead that exists, so far
	haveLo := false
	for i := 0; i < len(units); {
		if units[i].old {
			if !haveLo || units[i].at.After(lo) {
				lo = units[i].at
			}
			haveLo = true
			i++
			continue
		}
		j := i
		for j < len(units) && !units[j].old {
			j++
		}
		run := units[i:j]
		k := len(run)
		switch {
		case j == len(units) && !haveLo:
			// Nothing exists around them (a first apply): as the emitter
			// stamps them, ending one step before now.
			for n, u := range run {
				stamps[u.b.ID] = now.Add(-time.Duration(k-n) * emit.ReadySpacing)
			}
		case j == len(units):
			for n, u := range run {
				t := now.Add(-time.Duration(k-n) * emit.ReadySpacing)
				if min := lo.Add(time.Duration(n+1) * time.Second); t.Before(min) {
					t = min
				}
				stamps[u.b.ID] = t
			}
		case !haveLo:
			hi := units[j].at
			for n, u := range run {
				stamps[u.b.ID] = hi.Add(-time.Duration(k-n) * emit.ReadySpacing)
			}
		default:
			hi := units[j].at
			step := hi.Sub(lo) / time.Duration(k+1) / time.Second * time.Second
			if step < time.Second {
				for _, u := range run {
					stamps[u.b.ID] = lo
					crowded = append(crowded, u.b.Metadata.Sprint)
				}
				break
			}
			for n, u := range run {
				stamps[u.b.ID] = lo.Add(time.Duration(n+1) * step)
			}
		}
		i = j
	}
	if len(crowded) == 0 {
		return stamps, ""
	}
	them := "them"
	if len(crowded) == 1 {
		them = "it"
	}
	return stamps, fmt.Sprintf("%s (%s) could not be stamped in plan order among the beads that exist (no second free between their neighbours' created_at): among beads of one priority, bd ready lists %s by id",
		emit.Plural(len(crowded), "new bead", "new beads"), strings.Join(crowded, ", "), them)
}
