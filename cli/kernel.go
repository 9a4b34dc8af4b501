package cli

import (
	"fmt"
	"os"

	"github.com/tracelab/tracelab/kernelext/kernelspec"
)

func init() {
	register(&command{
		name:    "kernel",
		usage:   "install [--dir JUPYTER_DATA_DIR] [--root CHECKOUT] [--name NAME] [--display-name NAME] [--format table|csv|json]",
		summary: `install the Jupyter kernel "Go (tracelab)" (GoNB) for the notebooks`,
		run:     runKernel,
	})
}

// runKernel dispatches "tracelab kernel SUBCOMMAND".
func runKernel(e *env, args []string) error {
	if len(args) == 0 {
		return usagef("kernel needs a subcommand: install")
	}
	switch {
	case args[0] == "install":
		return runKernelInstall(e, args[1:])
	case isHelpArg(args[0]):
		return runKernelInstall(e, args) // the flags of the one subcommand
	}
	return usagef("unknown kernel subcommand %q (want install)", args[0])
}

// runKernelInstall builds GoNB and goimports from the checkout's pinned
// tools module and registers the kernel, so that notebooks import tracelab's
// packages with no setup cell (see kernelext/kernelspec).
func runKernelInstall(e *env, args []string) error {
	fs := e.newFlags("kernel install")
	dir := fs.String("dir", "", "Jupyter data directory; the kernel goes to DIR/kernels/NAME (default: $JUPYTER_DATA_DIR, else the user's, e.g. ~/.local/share/jupyter)")
	root := fs.String("root", "", "the tracelab checkout whose packages notebooks import (default: the one around the current directory)")
	name := fs.String("name", kernelspec.DefaultName, "kernel name (the notebooks' kernelspec name)")
	display := fs.String("display-name", kernelspec.DefaultDisplayName, "kernel name shown by Jupyter")
	format := formatFlag(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := checkFormat(*format); err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("kernel install takes no arguments, got %q", pos)
	}
	// The folder the kernel goes to is checked before the tools are built
	// (minutes on a fresh checkout): --dir naming a file was refused only
	// after the build.
	flag, dataDir := "--dir", *dir
	if dataDir == "" {
		flag, dataDir = "JUPYTER_DATA_DIR", os.Getenv("JUPYTER_DATA_DIR")
	}
	if err := checkOutputDir(flag, dataDir); err != nil {
		return err
	}
	res, err := kernelspec.Install(kernelspec.Options{
		Root: *root, DataDir: *dir, Name: *name, DisplayName: *display, Log: e.stderr,
	})
	if err != nil {
		return err
	}
	if *format == "table" {
		fmt.Fprintf(e.stderr, "start Jupyter with e.g. `jupyter notebook %s/notebooks` (Debian package jupyter-notebook)", res.Root)
		if *dir != "" {
			fmt.Fprintf(e.stderr, " and JUPYTER_PATH=%s", *dir)
		}
		fmt.Fprintf(e.stderr, "; choose the kernel %q\n", *display)
	}
	return writeRecord(e.stdout, *format, record{
		{"name", *name},
		{"display_name", *display},
		{"kernel_dir", res.KernelDir},
		{"root", res.Root},
		{"gonb", res.Gonb},
		{"go_shim", res.Shim},
		{"built", res.Built},
	})
}
