package bdsync

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
)

// Version is a bd release, major.minor.patch.
type Version [3]int

func (v Version) String() string { return fmt.Sprintf("v%d.%d.%d", v[0], v[1], v[2]) }

// MinVersion is the oldest bd a sync works with: it relies on v1.3.0's
// import (explicit ids kept, upsert guarded by updated_at, dependencies
// added after all rows) and its --json outputs.
var MinVersion = Version{1, 3, 0}

// Runner runs bd commands in one repository.
type Runner interface {
	// Run runs bd with argv, feeding it stdin, and returns what it printed
	// on stdout, also when it fails. A failure is an *Error.
	Run(stdin []byte, argv ...string) ([]byte, error)
}

// Error is a bd command that failed.
type Error struct {
	Args   []string
	Stderr string
	Err    error
}

func (e *Error) Error() string {
	msg := strings.TrimSpace(e.Stderr)
	if msg == "" {
		msg = e.Err.Error()
	}
	return fmt.Sprintf("bd %s: %s", strings.Join(e.Args, " "), msg)
}

func (e *Error) Unwrap() error { return e.Err }

// Exec runs the bd binary at Path in the directory Dir.
type Exec struct {
	Path string
	Dir  string
}

func (b Exec) Run(stdin []byte, argv ...string) ([]byte, error) {
	cmd := exec.Command(b.Path, argv...)
	cmd.Dir = b.Dir
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return out.Bytes(), &Error{Args: argv, Stderr: errb.String(), Err: err}
	}
	return out.Bytes(), nil
}

// Executable reports whether path is a file someone may execute.
func Executable(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir() && st.Mode().Perm()&0o111 != 0
}

// ErrNotFound is no bd on the search path.
var ErrNotFound = errors.New("bd not found")

// LookPath returns the absolute path of the first bd in pathList, a list of
// directories joined as in $PATH.
func LookPath(pathList string) (string, error) {
	for _, dir := range filepath.SplitList(pathList) {
		if dir == "" {
			dir = "."
		}
		if p := filepath.Join(dir, "bd"); Executable(p) {
			return filepath.Abs(p)
		}
	}
	return "", ErrNotFound
}

// Client is the part of bd's command line a sync uses.
type Client struct{ r Runner }

// NewClient returns a client that runs bd through r.
func NewClient(r Runner) *Client { return &Client{r: r} }

// ErrNoDatabase is bd finding no beads database for the repository.
var ErrNoDatabase = errors.New("no beads database")

// Database is the beads database bd finds for a repository.
type Database struct {
	Version string // bd's version, as bd prints it
	Path    string // the database's directory
	Prefix  string // the prefix of new issue ids
}

// Open checks bd's version and finds the repository's database. With no
// database the error is ErrNoDatabase.
func (c *Client) Open() (Database, error) {
	var db Database
	var err error
	if db.Version, err = c.Version(); err != nil {
		return db, err
	}
	if db.Path, db.Prefix, err = c.where(); err != nil {
		return db, err
	}
	if db.Prefix == "" {
		db.Prefix, err = c.configGet("issue_prefix")
	}
	return db, err
}

// Version returns bd's version, refusing one older than MinVersion.
func (c *Client) Version() (string, error) {
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
		if got[i] != MinVersion[i] {
			if got[i] < MinVersion[i] {
				return "", fmt.Errorf("bd %s is too old: architect apply needs bd %s or newer", v.Version, MinVersion)
			}
			break
		}
	}
	return v.Version, nil
}

// parseVersion reads "1.3.0", "v1.3.0" or "1.3.0-rc1" as three numbers.
func parseVersion(s string) (Version, bool) {
	var v Version
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

// where returns the database's directory and issue prefix.
func (c *Client) where() (path, prefix string, err error) {
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
		return "", "", ErrNoDatabase
	}
	if err != nil {
		return "", "", err
	}
	if w.Error != "" {
		return "", "", fmt.Errorf("bd where: %s", w.Error)
	}
	return w.Path, w.Prefix, nil
}

func (c *Client) configGet(key string) (string, error) {
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

func (c *Client) configSet(key, value string) error {
	_, err := c.r.Run(nil, "config", "set", key, value)
	return err
}

// export reads every issue in the database.
func (c *Client) export() ([]Issue, error) {
	out, err := c.r.Run(nil, "export")
	if err != nil {
		return nil, err
	}
	issues, err := Read(out)
	if errors.Is(err, ErrEmpty) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("bd export %v", err)
	}
	return issues, nil
}

// importResult is what `bd import --json` reports.
type importResult struct {
	StaleSkippedIDs     []string `json:"stale_skipped_ids"`
	TieKeptLocalIDs     []string `json:"tie_kept_local_ids"`
	SkippedDependencies []string `json:"skipped_dependencies"`
}

// importJSONL runs one `bd import` of data. It fails when bd kept any row
// back or dropped any dependency: the database would not match the plan.
func (c *Client) importJSONL(data []byte) error {
	out, err := c.r.Run(data, "import", "--json", "-")
	if err != nil {
		return err
	}
	var res importResult
	if err := json.Unmarshal(bytes.TrimSpace(out), &res); err != nil {
		return fmt.Errorf("bd import --json: %v", err)
	}
	var problems []string
	ids := append(res.StaleSkippedIDs, res.TieKeptLocalIDs...)
	if len(res.SkippedDependencies) == 0 && len(ids) > 0 {
		return &KeptError{IDs: ids}
	}
	if len(ids) > 0 {
		problems = append(problems, (&KeptError{IDs: ids}).Error())
	}
	for _, d := range res.SkippedDependencies {
		problems = append(problems, "bd skipped the dependency "+d)
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "\n"))
	}
	return nil
}

// KeptError names beads that changed in the database after apply read
// them, so that the plan's changes to them were not written: bd import
// keeping its own copy of a bead to create (it replaces a row only with a
// newer one, and someone wrote a newer one), or a guarded field write of a
// bead whose status changed (FieldWrite.IfStatus). Their changes are kept.
type KeptError struct {
	IDs []string
}

func (e *KeptError) Error() string {
	return fmt.Sprintf("bd kept its own copy of %s, changed while apply ran; run apply again", strings.Join(e.IDs, ", "))
}

// batch runs bd batch commands in one transaction.
func (c *Client) batch(lines []string) error {
	_, err := c.r.Run([]byte(strings.Join(lines, "\n")+"\n"), "batch")
	return err
}

// Closing is one bead to close, and why.
type Closing struct {
	ID     string
	Reason string
}

// close closes issues, each with its reason, in one call. --force lets
// architect close a bead assigned to an agent, or one whose blockers are
// still open: the plan (or --prune) says the work is over.
func (c *Client) close(cl []Closing) error {
	argv := []string{"close"}
	for _, x := range cl {
		argv = append(argv, x.ID)
	}
	argv = append(argv, "--force")
	for _, x := range cl {
		argv = append(argv, "--reason", x.Reason)
	}
	_, err := c.r.Run(nil, argv...)
	return err
}

// reopen reopens closed issues, with one reason for all.
func (c *Client) reopen(ids []string, reason string) error {
	_, err := c.r.Run(nil, append(append([]string{"reopen"}, ids...), "--reason", reason)...)
	return err
}

func firstLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}
