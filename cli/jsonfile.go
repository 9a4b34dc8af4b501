package cli

import (
	"bytes"
	"io"

	"github.com/tracelab/tracelab/internal/infile"
)

// maxJSONInput bounds the size of a JSON file a command reads whole (a
// saved ledger, a stored findings matrix, a findings shard): 64 MiB, more
// than a hundred times the largest committed ledger (0.6 MB).
const maxJSONInput = 64 << 20

// readJSONFile reads the regular file at path, at most maxJSONInput bytes
// (a named pipe is refused, never waited on: these files are found in a
// folder, not named by the user), and hands it to decode. An error of
// decode is prefixed with path and, when encoding/json tells the offset of
// the fault, its line: "dir/KEY.json:12: …".
func readJSONFile(path string, decode func(io.Reader) error) error {
	b, err := infile.ReadFile(path, maxJSONInput)
	if err != nil {
		return err
	}
	if err := decode(bytes.NewReader(b)); err != nil {
		return infile.JSONError(path, b, err)
	}
	return nil
}
