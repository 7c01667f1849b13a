package bdsync

import "github.com/beads-architect/architect/emit"

// Held reports whether someone holds the issue in bd: it is in_progress
// and bd recorded a start (started_at, which bd update --claim and bd
// update --status in_progress set, and bd import does not), or it is
// assigned to someone other than beads-ralph's scrum master, the assignee
// architect gives every bead. An in_progress bead nobody holds is never
// released by bd ready.
func (is *Issue) Held() bool {
	if is.Status != "in_progress" {
		return false
	}
	if s := is.stringField("started_at"); s != "" {
		return true
	}
	a := is.stringField("assignee")
	return a != "" && a != emit.ScrumMaster
}

// BranchClash is a bead of this plan whose branch git could not hold
// beside the branch of another plan's bead in the same database.
type BranchClash struct {
	Sprint, Branch string // this plan's sprint and its branch
	// Other is the other plan's bead; OtherPlan, OtherSprint and
	// OtherBranch say where it comes from and what it names.
	Other, OtherPlan, OtherSprint, OtherBranch string
	// Relation is "the same branch as", "a folder of" or "under".
	Relation string
}

// BranchClashes lists the beads in desired whose branch is the branch of a
// bead of another plan in the database p was planned against, or a folder
// of it, or under it: agents of the two plans would fight over one branch,
// or one could not create its own. Beads the sync gives this plan's
// sprints (p.IDs, adopted and moved beads included) and beads of the plan
// files it moved from are this plan's. Beads desired calls closed are left
// out: no agent will create their branch.
func (p *SyncPlan) BranchClashes(desired []emit.Bead) []BranchClash {
	mine := make(map[string]bool, len(desired)+len(p.IDs))
	for _, b := range desired {
		mine[b.ID] = true
	}
	for _, id := range p.IDs {
		mine[id] = true
	}
	ours := map[string]bool{p.PlanFile: true, "": true}
	for _, f := range p.MovedFrom {
		ours[f] = true
	}
	current := p.Database
	type other struct {
		is     *Issue
		branch string
	}
	byBranch := map[string]other{}
	folders := map[string]other{} // each '/' prefix of another plan's branch
	for i := range current {
		is := &current[i]
		b := is.metaString("branch")
		if b == "" || mine[is.ID] || ours[is.PlanFile()] {
			continue
		}
		o := other{is, b}
		if _, ok := byBranch[b]; !ok {
			byBranch[b] = o
		}
		for j := range len(b) {
			if b[j] == '/' {
				if _, ok := folders[b[:j]]; !ok {
					folders[b[:j]] = o
				}
			}
		}
	}
	var out []BranchClash
	add := func(b emit.Bead, o other, rel string) {
		out = append(out, BranchClash{Sprint: b.Metadata.Sprint, Branch: b.Metadata.Branch, Other: o.is.ID,
			OtherPlan: o.is.PlanFile(), OtherSprint: o.is.Sprint(), OtherBranch: o.branch, Relation: rel})
	}
	for _, b := range desired {
		br := b.Metadata.Branch
		if br == "" || b.Status == "closed" {
			continue
		}
		if o, ok := byBranch[br]; ok {
			add(b, o, "the same branch as")
			continue
		}
		if o, ok := folders[br]; ok {
			add(b, o, "a folder of")
			continue
		}
		for j := range len(br) {
			if br[j] != '/' {
				continue
			}
			if o, ok := byBranch[br[:j]]; ok {
				add(b, o, "under")
				break
			}
		}
	}
	return out
}
