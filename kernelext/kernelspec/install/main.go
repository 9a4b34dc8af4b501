// Command install installs the "Go (tracelab)" Jupyter kernel from the
// checkout around the current directory; scripts/setup-notebooks.sh runs it
// with `go run`. It is kernelspec.Install behind flags; people use
// `tracelab kernel install`, which does the same.
//
// Usage: go run ./kernelext/kernelspec/install [-dir JUPYTER_DATA_DIR] [-root CHECKOUT]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tracelab/tracelab/kernelext/kernelspec"
)

func main() {
	var opts kernelspec.Options
	flag.StringVar(&opts.DataDir, "dir", "", "Jupyter data directory (default: $JUPYTER_DATA_DIR or the user's)")
	flag.StringVar(&opts.Root, "root", "", "tracelab checkout (default: the one around the current directory)")
	flag.StringVar(&opts.Name, "name", kernelspec.DefaultName, "kernel name")
	flag.StringVar(&opts.DisplayName, "display-name", kernelspec.DefaultDisplayName, "kernel display name")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "install: unexpected arguments:", flag.Args())
		os.Exit(2)
	}
	opts.Log = os.Stderr
	if _, err := kernelspec.Install(opts); err != nil {
		fmt.Fprintln(os.Stderr, "install:", err)
		os.Exit(1)
	}
}
