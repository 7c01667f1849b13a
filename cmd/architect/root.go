package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// Exit codes.
const (
	exitOK    = 0
	exitData  = 1 // the plan or the data is bad
	exitUsage = 2 // the command line is bad
)

type streams struct {
	in       io.Reader
	out, err io.Writer
	// tty reports whether out is a terminal.
	tty bool
}

// env is how commands read the environment; tests pass their own.
type env func(string) string

// The errors a command returns, by what went wrong. exitCode maps them to
// exit codes and prints them; it is the only place that does.
type (
	// usageError is a bad command line: exit code 2.
	usageError struct{ err error }

	// checkError is a check that found problems: schema violations in
	// validate, a plan not up to date under annotate --check. Each problem
	// is a line of its own, printed as it is: exit code 1.
	checkError struct{ problems []string }

	// silentError has been reported already; it only sets the exit code.
	silentError struct{ code int }
)

// A plan's diagnostics (parser.Diagnostics) are the fourth kind: printed
// one a line, exit code 1. Any other error is printed after "architect: ",
// with exit code 1.

func (e *usageError) Error() string  { return e.err.Error() }
func (e *usageError) Unwrap() error  { return e.err }
func (e *checkError) Error() string  { return strings.Join(e.problems, "\n") }
func (e *silentError) Error() string { return fmt.Sprintf("exit %d", e.code) }

func usagef(format string, values ...any) error {
	return &usageError{fmt.Errorf(format, values...)}
}

// Main runs architect with argv and returns its exit code.
func Main(argv []string, stdio streams, getenv env) int {
	if f, ok := stdio.out.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			stdio.tty = true
		}
	}
	root := newRootCmd(stdio, getenv)
	root.SetArgs(argv)
	failed, err := root.ExecuteC()
	var ue *usageError
	if err != nil && failed == root && !errors.As(err, &ue) {
		// The root command runs nothing itself: cobra failed to find the
		// command the line names.
		err = &usageError{err}
	}
	return exitCode(stdio.err, err)
}

// exitCode prints err to stderr as its kind asks and returns the exit code.
func exitCode(stderr io.Writer, err error) int {
	var (
		ue *usageError
		ce *checkError
		se *silentError
	)
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &se):
		return se.code
	case errors.As(err, &ce):
		for _, p := range ce.problems {
			fmt.Fprintln(stderr, p)
		}
		return exitData
	}
	if ds, ok := asDiagnostics(err); ok {
		report(stderr, ds)
		return exitData
	}
	fmt.Fprintf(stderr, "architect: %v\n", err)
	if errors.As(err, &ue) {
		return exitUsage
	}
	return exitData
}

func newRootCmd(stdio streams, getenv env) *cobra.Command {
	root := &cobra.Command{
		Use:   "architect",
		Short: "Compile Markdown plans of phases and sprints into beads",
		Long: `architect compiles a Markdown plan of phases and sprints into beads: one
issue per sprint, with the dependencies its numbering encodes and the metadata
beads-ralph's agents run on.`,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetIn(stdio.in)
	root.SetOut(stdio.out)
	root.SetErr(stdio.err)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &usageError{fmt.Errorf("%w\nRun '%s --help' for usage.", err, c.CommandPath())}
	})
	root.AddCommand(
		newCmdCompile(stdio, getenv),
		newCmdApply(stdio, getenv),
		newCmdStatus(stdio, getenv),
		newCmdGraph(stdio, getenv),
		newCmdValidate(),
		newCmdAnnotate(stdio),
		newCmdScope(stdio, getenv),
		newCmdVersion(stdio),
	)
	return root
}

// args wraps a cobra argument check so that a wrong count is a usage error.
func args(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(c *cobra.Command, a []string) error {
		if err := check(c, a); err != nil {
			return &usageError{fmt.Errorf("%s: %w\nUsage: %s", c.CommandPath(), err, c.UseLine())}
		}
		return nil
	}
}

// version is the module's version in the build information bi (nil when
// the binary has none), or "devel".
func version(bi *debug.BuildInfo) string {
	if bi != nil && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

func newCmdVersion(stdio streams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print architect's version",
		Args:  args(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			bi, _ := debug.ReadBuildInfo()
			goVersion := ""
			if bi != nil {
				goVersion = " (" + bi.GoVersion + ")"
			}
			_, err := fmt.Fprintf(stdio.out, "architect %s%s\n", version(bi), goVersion)
			return err
		},
	}
}
