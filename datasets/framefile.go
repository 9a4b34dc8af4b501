package datasets

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/go-gota/gota/dataframe"
)

// maxFrameBytes bounds the bytes of the rows ReadFrameFile reads from a
// .csv or .json file: 64 per cell of the largest frame it holds
// (maxFrameCells). A cell of a job frame as WriteJSON writes it is a
// quoted column name of at most 16 bytes, a colon, a number of at most 24
// bytes (-2.2250738585072014e-308) and a comma: under 64; as WriteCSV
// writes it, the number and a comma. A variable for the tests.
var maxFrameBytes = 64 * maxFrameCells

// frameBound counts the rows, cells and bytes of a frame file as they are
// read, and refuses the row that would pass a bound (CheckFrameSize's and
// maxFrameBytes) before it is kept.
type frameBound struct {
	rows, cells, bytes int64
}

func (b *frameBound) add(cells, bytes int64) error {
	b.rows++
	b.cells += cells
	b.bytes += bytes
	if err := CheckFrameSize(b.rows, b.cells); err != nil {
		return err
	}
	if b.bytes > maxFrameBytes {
		return fmt.Errorf("%w: rows of more than %d bytes", ErrFrameTooLarge, maxFrameBytes)
	}
	return nil
}

// readFrameCSV reads a frame written as CSV (a header row of column
// names, '#' comments), as dataframe.ReadCSV would, within the bounds of
// frameBound and with no row longer than maxLine bytes. Errors name the
// file and line.
func readFrameCSV(name string, r io.Reader) (dataframe.DataFrame, error) {
	lim := &recordLimit{r: bufio.NewReader(r), max: maxLine, maxIdle: math.MaxInt64, idleStart: 1}
	cr := csv.NewReader(lim)
	cr.Comment = '#'
	var (
		recs  [][]string
		bound frameBound
		off   int64
	)
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return dataframe.DataFrame{}, &ParseError{File: name, Line: pe.Line, Err: pe.Err}
			}
			if errors.Is(err, ErrLineLength) {
				return dataframe.DataFrame{}, &ParseError{File: name, Line: lim.lines + 1, Err: err}
			}
			return dataframe.DataFrame{}, fmt.Errorf("%s: %w", name, err)
		}
		line, _ := cr.FieldPos(0)
		end := cr.InputOffset()
		if len(recs) > 0 { // the header row is not a row of the frame
			if err := bound.add(int64(len(rec)), end-off); err != nil {
				return dataframe.DataFrame{}, &ParseError{File: name, Line: line, Err: err}
			}
		}
		off = end
		recs = append(recs, rec)
	}
	df := dataframe.LoadRecords(recs)
	return df, df.Err
}

// readFrameJSON reads a frame written as JSON: an array of row objects
// (WriteJSON), or an object whose "jobs" key holds them (a log written by
// JSONWriter; its other keys are skipped), as dataframe.ReadJSON would,
// within the bounds of frameBound and with no value longer than maxLine
// bytes. Errors name the file and the line before the first row, the row
// (from 1) after.
func readFrameJSON(name string, r io.Reader) (dataframe.DataFrame, error) {
	lim := &valueLimit{r: bufio.NewReader(r), max: maxLine, lines: true}
	dec := json.NewDecoder(lim)
	dec.UseNumber()
	var (
		rows  []map[string]any
		bound frameBound
	)
	fail := func(err error) (dataframe.DataFrame, error) {
		line := len(rows) + 1
		if len(rows) == 0 && lim.lines {
			line = lim.lineAt(dec.InputOffset())
		}
		switch {
		case errors.Is(err, ErrLineLength):
			err = fmt.Errorf("%w: a JSON value longer than %d bytes", ErrLineLength, maxLine)
		case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
			err = errors.New("the JSON ends early")
		}
		return dataframe.DataFrame{}, &ParseError{File: name, Line: line, Err: err}
	}
	readRows := func() error {
		for dec.More() {
			var row map[string]any
			start := dec.InputOffset()
			if err := dec.Decode(&row); err != nil {
				return err
			}
			lim.setMark(dec.InputOffset())
			lim.lines = false // rows are numbered from here on
			if err := bound.add(int64(len(row)), dec.InputOffset()-start); err != nil {
				return err
			}
			rows = append(rows, row)
		}
		_, err := dec.Token() // ']'
		return err
	}
	tok, err := dec.Token()
	if err != nil {
		return fail(err)
	}
	switch tok {
	case json.Delim('['):
		if err := readRows(); err != nil {
			return fail(err)
		}
	case json.Delim('{'):
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return fail(err)
			}
			lim.setMark(dec.InputOffset())
			if key != "jobs" {
				var skip json.RawMessage
				if err := dec.Decode(&skip); err != nil {
					return fail(err)
				}
				lim.setMark(dec.InputOffset())
				continue
			}
			if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
				return fail(fmt.Errorf("%w: jobs is not an array", ErrJSONShape))
			}
			if err := readRows(); err != nil {
				return fail(err)
			}
		}
		if _, err := dec.Token(); err != nil { // '}'
			return fail(err)
		}
	default:
		return fail(fmt.Errorf("%w: want an array of row objects", ErrJSONShape))
	}
	if _, err := dec.Token(); err != io.EOF {
		return fail(fmt.Errorf("%w: data after the end", ErrJSONShape))
	}
	df := dataframe.LoadMaps(rows)
	return df, df.Err
}
