package cli

import (
	"flag"
	"fmt"
	"runtime/debug"
)

// version is set at build time with -ldflags
// "-X github.com/tracelab/tracelab/cli.version=…"; otherwise
// the module's build information is used.
var version = ""

func init() {
	register(&command{name: "version", usage: "", summary: "print the tracelab version", run: runVersion})
}

func runVersion(e *env, args []string) error {
	if len(args) > 0 {
		if isHelpArg(args[0]) {
			return flag.ErrHelp
		}
		return usagef("version takes no arguments, got %q", args)
	}
	v := version
	if v == "" {
		v = "(devel)"
		if bi, ok := debug.ReadBuildInfo(); ok {
			if bi.Main.Version != "" {
				v = bi.Main.Version
			}
			for _, s := range bi.Settings {
				if s.Key == "vcs.revision" && len(s.Value) >= 12 {
					v += " " + s.Value[:12]
				}
			}
		}
	}
	_, err := fmt.Fprintf(e.stdout, "tracelab %s\n", v)
	return err
}
