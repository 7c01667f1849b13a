// Package bdsync keeps a bd (beads) database in step with a plan's beads,
// never losing the work done on them.
//
// Its files build on each other in one direction: issue.go (a bead as bd or
// architect wrote it) ← read.go (the one reader of their files) ← client.go
// (running bd) ← plans.go (moved and copied plan files) ← diff.go (field
// ownership, the diff, the sync plan) ← text.go (the plan for people) and
// apply.go (reading, planning and writing a database in bd calls).
package bdsync
