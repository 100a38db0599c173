package record

// Screen is what one TV in the hall shows, as its organizer set it in the
// console. The TV at /t/<id>/screens/<name> follows it within one poll.
type Screen struct {
	Name string `json:"name"`
	// Show is courts, standings, bracket, rotation or message.
	Show string `json:"show"`
	// Courts limits a courts screen to a range, "1-8"; empty for all.
	Courts string `json:"courts,omitempty"`
	// Group is the group of a standings or bracket screen.
	Group string `json:"group,omitempty"`
	// Rotate lists a rotation's views in turn: "courts", "standings:<group>", "bracket:<group>".
	Rotate []string `json:"rotate,omitempty"`
	// Every is the seconds a rotation shows each view.
	Every int `json:"every,omitempty"`
	// Message is the text of a message screen ("Final on Table 1 in 5 minutes").
	Message string `json:"message,omitempty"`
}
