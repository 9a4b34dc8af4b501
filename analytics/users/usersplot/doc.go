// Package usersplot draws the figures of package users (Zakay and Feitelson
// 2013): the users' periods of activity by class (Fig. 3) and the per-user
// marginals and arrivals by hour of the week (Fig. 4). Every builder
// returns a *plot.Plot (built on package plots) or an error when nothing
// can be drawn.
package usersplot
