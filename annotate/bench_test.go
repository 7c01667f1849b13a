package annotate

import (
	"testing"
	"time"

	"github.com/beads-architect/architect/parser"
	"github.com/beads-architect/architect/parser/plangen"
	"github.com/yuin/goldmark/text"
)

// The speed target: annotating a 10,000-sprint plan (read the plan, then
// splice) takes at most twice a bare goldmark parse of the same file.
// Compare BenchmarkAnnotate10k with BenchmarkGoldmarkParse10k.

const benchSprints = 10000

func benchPlan(b *testing.B) ([]byte, map[string]string) {
	b.Helper()
	src := plangen.Plan(benchSprints)
	p := parser.Parse("plan.md", src)
	if p.Diags.HasErrors() {
		b.Fatal(p.Diags)
	}
	ids := make(map[string]string, len(p.Sprints))
	for i, s := range p.Sprints {
		ids[s.ID] = "gen-" + base36(i)
	}
	return src, ids
}

func base36(i int) string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	s := []byte{digits[i%36]}
	for i /= 36; i > 0; i /= 36 {
		s = append([]byte{digits[i%36]}, s...)
	}
	return string(s)
}

// BenchmarkGoldmarkParse10k is the floor: goldmark alone, as the plan
// parser configures it.
func BenchmarkGoldmarkParse10k(b *testing.B) {
	src, _ := benchPlan(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		parser.NewMarkdown().Parse(text.NewReader(src))
	}
}

// BenchmarkAnnotate10k is what architect annotate does: parse the plan and
// annotate all 10,000 sprints.
func BenchmarkAnnotate10k(b *testing.B) {
	src, ids := benchPlan(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		p := parser.Parse("plan.md", src)
		out, res, err := Apply(p, ids, Options{})
		if err != nil || len(res.Inserted) != benchSprints || len(out) <= len(src) {
			b.Fatal(err, len(res.Inserted))
		}
	}
}

// BenchmarkApply10k is the splice alone, on a parsed plan.
func BenchmarkApply10k(b *testing.B) {
	src, ids := benchPlan(b)
	p := parser.Parse("plan.md", src)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Apply(p, ids, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStrip10k removes 10,000 annotations from a parsed plan.
func BenchmarkStrip10k(b *testing.B) {
	src, ids := benchPlan(b)
	out, _, err := Apply(parser.Parse("plan.md", src), ids, Options{})
	if err != nil {
		b.Fatal(err)
	}
	p := parser.Parse("plan.md", out)
	b.SetBytes(int64(len(out)))
	b.ReportAllocs()
	for b.Loop() {
		Strip(p)
	}
}

// BenchmarkAnnotateVsGoldmark10k runs the two sides of the pair above in
// turn, one of each per iteration, so that a busy machine slows both
// alike. It reports the ratio of their total times (annotate/parse) and of
// their fastest runs (min-annotate/min-parse), the figure least disturbed
// by other work on the machine. The target is at most 2.
func BenchmarkAnnotateVsGoldmark10k(b *testing.B) {
	src, ids := benchPlan(b)
	var parse, annotate time.Duration
	minParse, minAnnotate := time.Duration(1<<62), time.Duration(1<<62)
	for b.Loop() {
		t0 := time.Now()
		parser.NewMarkdown().Parse(text.NewReader(src))
		t1 := time.Now()
		if _, _, err := Apply(parser.Parse("plan.md", src), ids, Options{}); err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		parse += t1.Sub(t0)
		annotate += t2.Sub(t1)
		minParse = min(minParse, t1.Sub(t0))
		minAnnotate = min(minAnnotate, t2.Sub(t1))
	}
	b.ReportMetric(float64(annotate)/float64(parse), "annotate/parse")
	b.ReportMetric(float64(minAnnotate)/float64(minParse), "min-annotate/min-parse")
	b.ReportMetric(float64(minParse.Nanoseconds()), "min-parse-ns")
	b.ReportMetric(float64(minAnnotate.Nanoseconds()), "min-annotate-ns")
}
