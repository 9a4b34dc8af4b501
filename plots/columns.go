package plots

import (
	"fmt"
	"slices"

	"github.com/go-gota/gota/dataframe"
)

// FloatColumn returns column name of df as float64 (ints converted, bools
// as 0/1, missing values NaN), or an error naming the missing column and
// the columns df has. Plot builders that take frames use it to read their
// inputs.
func FloatColumn(df dataframe.DataFrame, name string) ([]float64, error) {
	if err := hasColumn(df, name); err != nil {
		return nil, err
	}
	return df.Col(name).Float(), nil
}

// FloatColumns returns the named columns of df as float64, in the order
// named (see FloatColumn).
func FloatColumns(df dataframe.DataFrame, names ...string) ([][]float64, error) {
	out := make([][]float64, len(names))
	for i, n := range names {
		c, err := FloatColumn(df, n)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// StringColumn returns column name of df as strings, or an error naming
// the missing column.
func StringColumn(df dataframe.DataFrame, name string) ([]string, error) {
	if err := hasColumn(df, name); err != nil {
		return nil, err
	}
	return df.Col(name).Records(), nil
}

func hasColumn(df dataframe.DataFrame, name string) error {
	if df.Err != nil {
		return fmt.Errorf("plots: frame: %w", df.Err)
	}
	if !slices.Contains(df.Names(), name) {
		return fmt.Errorf("plots: frame has no column %q (has %v)", name, df.Names())
	}
	return nil
}
