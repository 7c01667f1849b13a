package parser

import (
	"bytes"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/yuin/goldmark/ast"
)

// Gate types, as bd names them (bd gate create --type).
const (
	GateHuman = "human"
	GateTimer = "timer"
	GatePR    = "gh:pr"
	GateRun   = "gh:run"
)

// Gate is a wait that is not work: the unit it is on (or, on a phase, the
// phase's first units) may not start until a person resolves it, a timer
// runs out, a pull request merges or a workflow run ends. A bd gate does
// exactly that: it blocks its bead until `bd gate resolve` or its
// condition closes it.
type Gate struct {
	Type string // GateHuman, GateTimer, GatePR or GateRun
	// Await is what a pull request or workflow run gate waits for: the
	// pull request's number, the run's id; empty for the other types.
	Await string
	// Timeout is a timer's duration; zero for the other types.
	Timeout time.Duration
	// Reason says why, in the author's words; it may be empty.
	Reason string
	Pos    Pos
	// Prose is set for a gate read from a sentence rather than a
	// **Gate**: field (a warning at Pos says so).
	Prose bool
}

// Key names the gate among its unit's or phase's gates: its type and what
// it awaits (a timer's duration). A re-apply finds the gate it created by
// it; a gate whose key changes is another gate (bd cannot change what a
// gate awaits), and the old one is closed.
func (g Gate) Key() string {
	switch {
	case g.Await != "":
		return g.Type + "-" + g.Await
	case g.Type == GateTimer:
		return g.Type + "-" + g.Timeout.String()
	}
	return g.Type
}

// gateSpec matches "TYPE [ARG] [— reason]".
var gateSpec = lazyMustCompile(`(?i)^\s*(human|person|manual|timer|pr|gh:pr|pull request|run|gh:run|workflow run)\b\s*([^\s—–:-][^\s—–:]*)?\s*(?:(?:—|–|-{1,2}|:)\s*(.*))?$`)

// durationRe is a timer's duration: Go's units plus days and weeks.
var durationRe = lazyMustCompile(`^(\d+(?:\.\d+)?)\s*(ms|s|m|min|mins|h|hr|hrs|hours?|d|days?|w|weeks?)$`)

// readGate reads a **Gate**: value. It returns the gate, or a message
// saying what is wrong with the value.
func readGate(value string, pos Pos) (Gate, string) {
	value = strings.TrimSpace(strings.Trim(strings.TrimSpace(value), "`"))
	m := gateSpec.FindStringSubmatch(value)
	if m == nil {
		// No type word ("**Gate**: design review by Ann"): a wait for a
		// person, as a careful reader takes it; the caller warns.
		return Gate{Type: GateHuman, Reason: strings.Trim(value, " —–-:"), Pos: pos, Prose: true}, ""
	}
	g := Gate{Pos: pos, Reason: strings.TrimSpace(m[3])}
	arg := strings.TrimSpace(m[2])
	switch strings.ToLower(m[1]) {
	case "human", "person", "manual":
		g.Type = GateHuman
		if arg != "" {
			// "human review — …": the word after the type is the reason's.
			g.Reason = strings.TrimSpace(strings.TrimPrefix(value[len(m[1]):], " "))
			g.Reason = strings.TrimLeft(g.Reason, " —–-:")
		}
	case "timer":
		g.Type = GateTimer
		d, ok := readDuration(arg)
		if !ok {
			return Gate{}, "timer gate " + strconv.Quote(value) + " wants a duration after timer, like 2h, 30m or 1d"
		}
		g.Timeout, g.Await = d, ""
	default:
		t := strings.ToLower(m[1])
		pr := t == "pr" || t == "gh:pr" || t == "pull request"
		g.Type, g.Await = GateRun, awaitID(arg, "/runs/")
		noun, example := "workflow run", "run 1234567890"
		if pr {
			g.Type, g.Await = GatePR, awaitID(arg, "/pull/")
			noun, example = "pull request", "pr #42"
		}
		switch {
		case g.Await != "":
		case arg == "" || arg[0] == '#' || arg[0] >= '0' && arg[0] <= '9' || strings.HasPrefix(arg, "http"):
			return Gate{}, noun + " gate " + strconv.Quote(value) + " wants its number after the type, like " + example
		default:
			// "run the smoke tests first": words, not an id; a wait for a
			// person, which the caller warns of.
			return Gate{Type: GateHuman, Reason: value, Pos: pos, Prose: true}, ""
		}
	}
	return g, ""
}

// awaitID is the number a pull request or workflow run gate awaits: "#42",
// "42", or the last part of a URL after marker; "" when arg is none.
func awaitID(arg, marker string) string {
	n := strings.TrimPrefix(arg, "#")
	if i := strings.LastIndex(n, marker); i >= 0 {
		n = strings.TrimRight(n[i+len(marker):], "/")
	}
	if _, err := strconv.ParseInt(n, 10, 64); err != nil {
		return ""
	}
	return n
}

// readDuration reads "2h", "30m", "1d", "1.5h", "2 days", or anything
// time.ParseDuration reads.
func readDuration(s string) (time.Duration, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if d, err := time.ParseDuration(s); err == nil && d > 0 {
		return d, true
	}
	m := durationRe.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	n, err := strconv.ParseFloat(m[1], 64)
	if err != nil || n <= 0 {
		return 0, false
	}
	unit := map[byte]time.Duration{'s': time.Second, 'h': time.Hour, 'd': 24 * time.Hour, 'w': 7 * 24 * time.Hour}[m[2][0]]
	switch {
	case m[2] == "ms":
		unit = time.Millisecond
	case m[2][0] == 'm':
		unit = time.Minute
	}
	return time.Duration(n * float64(unit)), true
}

// setGate reads a unit's **Gate**: field (and each item of **Gates**:).
func (r *sectionReader) setGate(_ string, f field, items []listItem) {
	if strings.TrimSpace(f.value) != "" {
		r.addGate(f.value, f.pos)
	}
	for _, it := range items {
		r.addGate(it.text, it.pos)
	}
}

func (r *sectionReader) addGate(value string, pos Pos) {
	g, msg := readGate(value, pos)
	if msg != "" {
		r.b.p.errorf(pos, "gate of sprint %s: %s", r.s.ID, msg)
		return
	}
	r.b.untypedGate(g, "sprint "+r.s.ID)
	r.s.Gates = appendGate(r.s.Gates, g)
}

// addPhaseGate reads a **Gate**: line of a phase's own text.
func (b *builder) addPhaseGate(ph *Phase, f field) {
	g, msg := readGate(f.value, f.pos)
	if msg != "" {
		b.p.errorf(f.pos, "gate of phase %s: %s", ph.ID, msg)
		return
	}
	b.untypedGate(g, "the first units of phase "+ph.ID)
	ph.Gates = appendGate(ph.Gates, g)
}

// untypedGate warns of a gate whose value names no type: it is read as a
// human gate.
func (b *builder) untypedGate(g Gate, of string) {
	if g.Prose {
		b.p.warnf(g.Pos, "gate %q names no type, so it is read as a human gate on %s (resolved by a person); write **Gate**: %s to say so, or timer DURATION, pr NUMBER or run ID", g.Reason, of, gateField(g))
	}
}

// appendGate adds g to gates unless a gate with its key is there: the
// same wait written twice is one gate.
func appendGate(gates []Gate, g Gate) []Gate {
	for _, h := range gates {
		if h.Key() == g.Key() {
			return gates
		}
	}
	return append(gates, g)
}

// Prose gates. A careful reader takes "Human checkpoint: …" and "⏸ Wait
// for PR #42" as waits; "wait for the canary for a day" may be one, or
// only advice. The first kind becomes a gate with a warning; the second is
// only a warning naming the field.
var (
	proseHuman = lazyMustCompile(`(?i)^(?:⏸️?\s*|🛑\s*|✋\s*)?(human (?:checkpoint|review|verification|sign[- ]off|approval)|manual (?:approval|review|checkpoint|verification)|sign[- ]off|approval gate)\s*(?:required)?\s*[:—–-]\s*(.+)$`)
	prosePause = lazyMustCompile(`^(?:⏸️?|🛑)\s*(.+)$`)
	prosePR    = lazyMustCompile(`(?i)\bwait (?:for|until) (?:pr|pull request) #?(\d+)\b`)
	proseTimer = lazyMustCompile(`(?i)\b(?:let (?:the |it )?\w+ (?:run|soak|bake) for|wait(?: for)? (?:at least )?|soak for|bake for)\s*(an? \w+|\d+\s*\w+)`)
)

// proseGate reads one line of a unit's or phase's text as a gate. It
// returns the gate and true when the line reads as one; a line that only
// may be one gives a hint instead.
func proseGate(line string, pos Pos) (g Gate, ok bool, hint string) {
	t := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "-*+>"))
	t = strings.TrimSpace(strings.Trim(t, "*_"))
	if t == "" {
		return Gate{}, false, ""
	}
	if m := prosePR.FindStringSubmatch(t); m != nil {
		return Gate{Type: GatePR, Await: m[1], Reason: strings.Trim(t, "⏸️🛑 "), Pos: pos, Prose: true}, true, ""
	}
	if m := proseHuman.FindStringSubmatch(t); m != nil {
		return Gate{Type: GateHuman, Reason: strings.TrimSpace(m[2]), Pos: pos, Prose: true}, true, ""
	}
	if m := prosePause.FindStringSubmatch(t); m != nil {
		return Gate{Type: GateHuman, Reason: strings.TrimSpace(m[1]), Pos: pos, Prose: true}, true, ""
	}
	if proseTimer.MatchString(t) {
		return Gate{}, false, "write **Gate**: timer DURATION — reason if the unit must wait"
	}
	return Gate{}, false, ""
}

// proseGates reads the lines of src[from:to], a piece of a unit's or a
// phase's text, for waits written as sentences: each that reads as a gate
// is added to gates with a warning; one that may be a wait gets a warning
// naming the field. Fenced code is not read.
func (b *builder) proseGates(gates *[]Gate, from, to int, of string) {
	text := b.src[from:to]
	if t := strings.TrimLeft(string(text[:min(len(text), 8)]), " "); strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
		return
	}
	if !mayHoldProseGate(text) {
		return
	}
	for off := from; off < to; {
		end := off
		for end < to && b.src[end] != '\n' {
			end++
		}
		line := string(b.src[off:end])
		g, ok, hint := proseGate(line, b.p.Position(off))
		switch {
		case ok:
			*gates = appendGate(*gates, g)
			b.p.warnf(g.Pos, "%q is read as a %s gate on %s; write **Gate**: %s to say so, or reword the line", strings.TrimSpace(line), gateNoun(g.Type), of, gateField(g))
		case hint != "":
			b.p.warnf(b.p.Position(off), "%q may be a wait before %s, which is not read as one: %s", strings.TrimSpace(line), of, hint)
		}
		off = end + 1
	}
}

// mayHoldProseGate is a cheap first look: most text has none of the words.
func mayHoldProseGate(text []byte) bool {
	for _, w := range [][]byte{[]byte("⏸"), []byte("🛑"), []byte("✋"), []byte("ait "), []byte("uman "), []byte("anual "), []byte("ign-off"), []byte("ign off"), []byte("pproval"), []byte("oak "), []byte("ake "), []byte("un for")} {
		if bytes.Contains(text, w) {
			return true
		}
	}
	return false
}

// gateNoun names a gate type in words.
func gateNoun(t string) string {
	switch t {
	case GateTimer:
		return "timer"
	case GatePR:
		return "pull request"
	case GateRun:
		return "workflow run"
	}
	return "human"
}

// gateField is the **Gate**: value that states g.
func gateField(g Gate) string {
	var s string
	switch g.Type {
	case GateTimer:
		s = "timer " + g.Timeout.String()
	case GatePR:
		s = "pr #" + g.Await
	case GateRun:
		s = "run " + g.Await
	default:
		s = "human"
	}
	if g.Reason != "" {
		s += " — " + g.Reason
	}
	return s
}

// checkpointHeading names a section of waits outside the units: "## Human
// Checkpoints", "## Gates", "## Approvals", "### Sign-offs".
var checkpointHeading = lazyMustCompile(`(?i)^(?:human\s+|manual\s+|review\s+)?(?:checkpoints?|gates?|approvals?|sign[- ]?offs?)$`)

func isCheckpointHeading(t string) bool {
	return checkpointHeading.MatchString(strings.TrimFunc(t, func(r rune) bool {
		for f := r; ; {
			if unicode.IsLetter(f) {
				return false
			}
			if f = unicode.SimpleFold(f); f == r {
				return true
			}
		}
	}))
}

// checkpointSections warns of each item of a section of waits that stands
// outside every unit: a careful reader sees gates there, but not which
// unit each holds, so none is made; the warning names the field to write.
func (b *builder) checkpointSections(doc ast.Node) {
	if len(b.p.Sprints) == 0 {
		return
	}
	inUnit := func(off int) bool {
		for _, s := range b.p.Sprints {
			if s.Heading.Start <= off && off < s.End {
				return true
			}
		}
		return false
	}
	level, title := 0, ""
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			if level > 0 && h.Level <= level {
				level = 0
			}
			if t := b.plain(h); level == 0 && isCheckpointHeading(t) && !inUnit(b.blockStart(h)) {
				level, title = h.Level, strings.TrimSpace(t)
			}
			continue
		}
		l, ok := n.(*ast.List)
		if level == 0 || !ok {
			continue
		}
		for it := l.FirstChild(); it != nil; it = it.NextSibling() {
			start := b.blockStart(it)
			if start < 0 {
				continue
			}
			line := strings.TrimSpace(string(b.src[start:lineEnd(b.src, start)]))
			b.p.warnf(b.p.Position(start), "%q under %q reads as a wait, but no unit is held by it: write **Gate**: human — reason (or timer, pr, run) in the unit or phase it holds back", line, title)
		}
	}
}
