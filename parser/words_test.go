package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestReadShape: the shapes reader's recogniser, on the heading and label
// texts of real plans.
func TestReadShape(t *testing.T) {
	type want struct {
		kind  shapeKind
		word  string
		id    string
		sep   bool
		title string
	}
	for text, w := range map[string]want{
		"Phase 1: Foundation (Months 1-6)":            {shapePhase, "Phase", "1", true, "Foundation"},
		"Fase 2 - Rollout":                            {shapePhase, "Fase", "2", true, "Rollout"},
		"Phase 3A: Hardening":                         {shapePhase, "Phase", "3A", true, "Hardening"},
		"Phase 7 Testing Checklist":                   {shapePhase, "Phase", "7", false, "Testing Checklist"},
		"P1: Foundation":                              {shapePhase, "P", "1", true, "Foundation"},
		"Sprint 17-18: Zmodem Protocol (Weeks 49-54)": {shapeUnit, "Sprint", "17-18", true, "Zmodem Protocol"},
		"Session 3.1b: Follow-up":                     {shapeUnit, "Session", "3.1b", true, "Follow-up"},
		"Week 3":                                      {shapeUnit, "Week", "3", false, ""},
		"Work unit 4: Cache":                          {shapeUnit, "Work unit", "4", true, "Cache"},
		"Step 1.1:":                                   {shapeUnit, "Step", "1.1", true, ""},
		"T4: Adapter for X":                           {shapeUnit, "T", "4", true, "Adapter for X"},
		"Sprint 6: Combat ⬅️ WE ARE HERE":             {shapeUnit, "Sprint", "6", true, "Combat"},
		"Sprint 4: Chat 🔄 (Current)":                  {shapeUnit, "Sprint", "4", true, "Chat"},
		"Sprint 9: Polish (If Needed)":                {shapeUnit, "Sprint", "9", true, "Polish"},
		"Sprint 5.X: Odd":                             {shapeUnit, "Sprint", "5.X", true, "Odd"},
		"Sprint 6.5 Part 2: Sharding":                 {shapeUnit, "Sprint", "6.5 Part 2", true, "Sharding"},
		"Sprint 61+: Whatever comes next":             {shapeUnit, "Sprint", "61+", true, "Whatever comes next"},
		"Phase 1: Scaffolding [checkpoint: 0b41b9b]":  {shapePhase, "Phase", "1", true, "Scaffolding"},
		"7.1 - Curl Parser Implementation ✅":          {shapeBare, "", "7.1", true, "Curl Parser Implementation"},
		"1.1 Create Branch for Work":                  {shapeBare, "", "1.1", false, "Create Branch for Work"},
		"Testing Infrastructure (2 weeks)":            {},
		"1. Overview":                                 {},
		"Phases":                                      {},
		"Sprinting ahead":                             {},
		"P1 bugs first":                               {},
		"Step-by-step guide":                          {},
		"Sessions 1.1 and 1.2: notes":                 {},
	} {
		sh := readShape(text)
		assert.Equal(t, w, want{sh.kind, sh.word, sh.id, sh.sep, sh.title}, text)
	}
	assert.Equal(t, shapeOther, readShape("xStep 2.3:").kind, "a glued typo is read in bold labels only")
	sh := readLabelShape("xStep 2.3:")
	assert.Equal(t, []string{"x", "Step", "2.3"}, []string{sh.prefix, sh.word, sh.id}, "a typo before the word")
}

// TestCleanTitle: durations, markers and anchors stay out of titles, hence
// out of branches.
func TestCleanTitle(t *testing.T) {
	for in, want := range map[string]string{
		"Testing infrastructure (2 weeks)":          "Testing infrastructure",
		"Zmodem (Weeks 49-54)":                      "Zmodem",
		"Setup (3-4 days)":                          "Setup",
		"Payments [BLOCKED]":                        "Payments",
		"Ledger ⛔":                                  "Ledger",
		"Release [DONE]":                            "Release",
		"Setup {#setup}":                            "Setup",
		"README & Documentation.":                   "README & Documentation",
		"Keep Everything (Optional)":                "Keep Everything (Optional)",
		"Create examples/advanced Branch (Dry Run)": "Create examples/advanced Branch (Dry Run)",
	} {
		assert.Equal(t, want, cleanTitle(in), in)
	}
}
