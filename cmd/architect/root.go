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

// usageError is a bad command line: exit code 2.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// silentError has been reported already; it only sets the exit code.
type silentError struct{ code int }

func (e *silentError) Error() string { return fmt.Sprintf("exit %d", e.code) }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Errorf(format, args...)}
}

// Main runs architect with args and returns its exit code. It is the one
// place where errors become exit codes.
func Main(args []string, io streams, getenv env) int {
	if f, ok := io.out.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			io.tty = true
		}
	}
	root := newRootCmd(io, getenv)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	var se *silentError
	if errors.As(err, &se) {
		return se.code
	}
	if ds, ok := asDiagnostics(err); ok {
		report(io.err, ds)
		return exitData
	}
	fmt.Fprintf(io.err, "architect: %v\n", err)
	var ue *usageError
	if errors.As(err, &ue) || strings.HasPrefix(err.Error(), "unknown command") {
		return exitUsage
	}
	return exitData
}

func newRootCmd(io streams, getenv env) *cobra.Command {
	root := &cobra.Command{
		Use:   "architect",
		Short: "Compile Markdown plans of phases and sprints into beads",
		Long: `architect compiles a Markdown plan of phases and sprints into beads: one
issue per sprint, with the dependencies its numbering encodes and the metadata
beads-ralph's agents run on.`,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetIn(io.in)
	root.SetOut(io.out)
	root.SetErr(io.err)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &usageError{fmt.Errorf("%w\nRun '%s --help' for usage.", err, c.CommandPath())}
	})
	root.AddCommand(
		newCmdCompile(io, getenv),
		newCmdApply(io, getenv),
		newCmdGraph(io, getenv),
		newCmdValidate(io),
		newCmdAnnotate(io),
		newCmdVersion(io),
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

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

func newCmdVersion(io streams) *cobra.Command {
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
			_, err := fmt.Fprintf(io.out, "architect %s%s\n", version(), goVersion)
			return err
		},
	}
}
