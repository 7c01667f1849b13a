package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/beads-architect/architect/emit"
)

// minBD is the oldest bd architect apply works with: it relies on v1.3.0's
// import (explicit ids kept, upsert guarded by updated_at, dependencies
// added after all rows) and its --json outputs.
var minBD = [3]int{1, 3, 0}

// bdRunner runs bd commands in one repository.
type bdRunner interface {
	// Run runs bd with args, feeding it stdin, and returns what it printed
	// on stdout, also when it fails. A failure is a *bdError.
	Run(stdin []byte, args ...string) ([]byte, error)
}

// bdError is a bd command that failed.
type bdError struct {
	args   []string
	stderr string
	err    error
}

func (e *bdError) Error() string {
	msg := strings.TrimSpace(e.stderr)
	if msg == "" {
		msg = e.err.Error()
	}
	return fmt.Sprintf("bd %s: %s", strings.Join(e.args, " "), msg)
}

func (e *bdError) Unwrap() error { return e.err }

// execBD runs the bd binary at path in dir.
type execBD struct {
	path string
	dir  string
}

func (b *execBD) Run(stdin []byte, args ...string) ([]byte, error) {
	cmd := exec.Command(b.path, args...)
	cmd.Dir = b.dir
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return out.Bytes(), &bdError{args: args, stderr: errb.String(), err: err}
	}
	return out.Bytes(), nil
}

// findBD returns the bd to run: flag when given, else the first bd on the
// PATH that getenv reports.
func findBD(flag string, getenv env) (string, error) {
	if flag != "" {
		if st, err := os.Stat(flag); err != nil || st.IsDir() || st.Mode().Perm()&0o111 == 0 {
			return "", usagef("--bd %s: not an executable file", flag)
		}
		return filepath.Abs(flag)
	}
	for _, dir := range filepath.SplitList(getenv("PATH")) {
		if dir == "" {
			dir = "."
		}
		p := filepath.Join(dir, "bd")
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode().Perm()&0o111 != 0 {
			return filepath.Abs(p)
		}
	}
	return "", fmt.Errorf("bd not found on PATH: install beads (bd v%d.%d.%d or newer) or pass --bd PATH", minBD[0], minBD[1], minBD[2])
}

// bdClient is the part of bd's command line architect uses.
type bdClient struct{ r bdRunner }

// version returns bd's version, refusing one older than minBD.
func (c bdClient) version() (string, error) {
	out, err := c.r.Run(nil, "version", "--json")
	if err != nil {
		return "", fmt.Errorf("cannot run bd: %v", err)
	}
	var v struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal(out, &v); err != nil || v.Version == "" {
		return "", fmt.Errorf("bd version --json: no version in its output %q", firstLine(out))
	}
	got, ok := parseVersion(v.Version)
	if !ok {
		return "", fmt.Errorf("bd version %q: not a version architect understands", v.Version)
	}
	for i := range got {
		if got[i] != minBD[i] {
			if got[i] < minBD[i] {
				return "", fmt.Errorf("bd %s is too old: architect apply needs bd v%d.%d.%d or newer", v.Version, minBD[0], minBD[1], minBD[2])
			}
			break
		}
	}
	return v.Version, nil
}

// parseVersion reads "1.3.0", "v1.3.0" or "1.3.0-rc1" as three numbers.
func parseVersion(s string) ([3]int, bool) {
	var v [3]int
	s = strings.TrimPrefix(s, "v")
	if i := strings.IndexAny(s, "-+ "); i >= 0 {
		s = s[:i]
	}
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return v, false
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return v, false
		}
		v[i] = n
	}
	return v, true
}

// errNoDatabase is bd finding no beads database for the repository.
var errNoDatabase = errors.New("no beads database")

// where returns the database's directory and issue prefix.
func (c bdClient) where() (path, prefix string, err error) {
	out, err := c.r.Run(nil, "where", "--json")
	var w struct {
		Path   string `json:"path"`
		Prefix string `json:"prefix"`
		Error  string `json:"error"`
	}
	if jerr := json.Unmarshal(out, &w); jerr != nil {
		if err != nil {
			return "", "", err
		}
		return "", "", fmt.Errorf("bd where --json: %v", jerr)
	}
	if w.Error == "no_beads_directory" {
		return "", "", errNoDatabase
	}
	if err != nil {
		return "", "", err
	}
	if w.Error != "" {
		return "", "", fmt.Errorf("bd where: %s", w.Error)
	}
	return w.Path, w.Prefix, nil
}

func (c bdClient) configGet(key string) (string, error) {
	out, err := c.r.Run(nil, "config", "get", key, "--json")
	if err != nil {
		return "", err
	}
	var v struct {
		Value string `json:"value"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		return "", fmt.Errorf("bd config get %s --json: %v", key, err)
	}
	return v.Value, nil
}

func (c bdClient) configSet(key, value string) error {
	_, err := c.r.Run(nil, "config", "set", key, value)
	return err
}

// export reads every issue in the database.
func (c bdClient) export() ([]emit.Issue, error) {
	out, err := c.r.Run(nil, "export")
	if err != nil {
		return nil, err
	}
	return emit.ParseExport(bytes.NewReader(out))
}

// importResult is what `bd import --json` reports.
type importResult struct {
	StaleSkippedIDs     []string `json:"stale_skipped_ids"`
	TieKeptLocalIDs     []string `json:"tie_kept_local_ids"`
	SkippedDependencies []string `json:"skipped_dependencies"`
}

// importJSONL runs one `bd import` of data. It fails when bd kept any row
// back or dropped any dependency: the database would not match the plan.
func (c bdClient) importJSONL(data []byte) error {
	out, err := c.r.Run(data, "import", "--json", "-")
	if err != nil {
		return err
	}
	var res importResult
	if err := json.Unmarshal(bytes.TrimSpace(out), &res); err != nil {
		return fmt.Errorf("bd import --json: %v", err)
	}
	var problems []string
	if ids := append(res.StaleSkippedIDs, res.TieKeptLocalIDs...); len(ids) > 0 {
		problems = append(problems, fmt.Sprintf("bd kept its own copy of %s, changed while apply ran; run apply again", strings.Join(ids, ", ")))
	}
	for _, d := range res.SkippedDependencies {
		problems = append(problems, "bd skipped the dependency "+d)
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "\n"))
	}
	return nil
}

// batch runs bd batch commands in one transaction.
func (c bdClient) batch(lines []string) error {
	_, err := c.r.Run([]byte(strings.Join(lines, "\n")+"\n"), "batch")
	return err
}

// close closes issues, each with its reason, in one call. --force lets
// architect close a bead assigned to an agent, or one whose blockers are
// still open: the plan (or --prune) says the work is over.
func (c bdClient) close(cl []emit.Closing) error {
	args := []string{"close"}
	for _, x := range cl {
		args = append(args, x.ID)
	}
	args = append(args, "--force")
	for _, x := range cl {
		args = append(args, "--reason", x.Reason)
	}
	_, err := c.r.Run(nil, args...)
	return err
}

// removeLabel takes one label off some issues.
func (c bdClient) removeLabel(label string, ids []string) error {
	_, err := c.r.Run(nil, append(append([]string{"label", "remove"}, ids...), label)...)
	return err
}

func firstLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}
