package templates

import (
	"context"
	"fmt"
	"time"

	"courtside/tournament"
)

// Lang is a language the site speaks.
type Lang string

// The site's languages.
const (
	English Lang = "en"
	German  Lang = "de"
)

// Langs lists the site's languages, the default first.
var Langs = []Lang{English, German}

type langKey struct{}

// WithLang returns ctx carrying the language pages render in.
func WithLang(ctx context.Context, l Lang) context.Context {
	return context.WithValue(ctx, langKey{}, l)
}

// LangOf is the language pages render in; English when none was chosen.
func LangOf(ctx context.Context) Lang {
	if l, ok := ctx.Value(langKey{}).(Lang); ok {
		return l
	}
	return English
}

// T translates an English text (or a state, mode or entry type) into the page's language.
func T(ctx context.Context, text string) string {
	table := english
	if LangOf(ctx) == German {
		table = german
	}
	if t, ok := table[text]; ok {
		return t
	}
	return text
}

// english names the enum values that are not English words as they stand.
var english = map[string]string{
	"show-courts":        "Courts",
	"show-standings":     "Standings",
	"show-bracket":       "Bracket",
	"show-rotation":      "Rotation",
	"show-message":       "Message",
	"double_elimination": "Double elimination",
	"elimination":        "Elimination",
	"last_one_standing":  "Last one standing",
	"lord_have_mercy":    "Lord have mercy",
	"monster_dyp":        "Monster DYP",
	"round_robin":        "Round robin",
	"rounds":             "Rounds",
	"snake_draw":         "Snake draw",
	"swiss":              "Swiss system",
	"dutch_system":       "Dutch system",
	"whist":              "Whist",
	"single":             "Singles",
	"team_name":          "Teams",
	"dyp":                "Draw your partner",
	"byp":                "Bring your partner",
	// Mode and entry type explanations of the setup form (console).
	"help:double_elimination": "Out after a second loss. A loss in the winners' tree sends you to the losers' tree; the two winners meet in the grand final.",
	"help:elimination":        "Out after a loss. The best seeds get byes until the field is a power of two.",
	"help:last_one_standing":  "Every loss costs a life; whoever has none left is out, until one remains.",
	"help:lord_have_mercy":    "A knock-out tree with lives; a team may play one player short.",
	"help:monster_dyp":        "Single players drawn into new teams of two every round; the table ranks each player.",
	"help:round_robin":        "Every pairing once (twice with double round robin); the table decides.",
	"help:rounds":             "A set number of rounds, paired anew each round; the table decides.",
	"help:snake_draw":         "The seeding is dealt over the groups in a snake (1-2-3-3-2-1), then everyone plays everyone in their group.",
	"help:swiss":              "Each round pairs entries with the same score, nobody meets anyone twice; after the planned rounds, points and Buchholz decide.",
	"help:dutch_system":       "Like Swiss, but the top half of each score group plays the bottom half.",
	"help:whist":              "Single players who play each round with other partners against other opponents, spread as evenly as can be.",
	"help:single":             "Single players.",
	"help:team_name":          "Named teams; their players may be left out.",
	"help:dyp":                "Players enter alone and are drawn into fixed teams of two at the start.",
	"help:byp":                "Fixed teams, entered as they play.",
}

// Tf translates a format and fills it in.
func Tf(ctx context.Context, format string, args ...any) string {
	return fmt.Sprintf(T(ctx, format), args...)
}

// Date is a day in the page's language: "21 Nov 2026", "21.11.2026".
func Date(ctx context.Context, t tournament.Time) string {
	if t.IsZero() {
		return ""
	}
	if LangOf(ctx) == German {
		return t.UTC().Format("02.01.2006")
	}
	return t.UTC().Format("2 Jan 2006")
}

// Clock is a time of day, in UTC until the browser shows it in local time.
func Clock(t tournament.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("15:04") + " UTC"
}

// ISO is the machine-readable form for <time datetime>.
func ISO(t tournament.Time) string { return t.UTC().Format(time.RFC3339) }

// german holds the German texts by their English original.
var german = map[string]string{
	"show-courts":                         "Tische",
	"show-standings":                      "Tabelle",
	"show-bracket":                        "Turnierbaum",
	"show-rotation":                       "Im Wechsel",
	"show-message":                        "Nachricht",
	"Screens":                             "Bildschirme",
	"Next up":                             "Als Nächstes",
	"Last results":                        "Letzte Ergebnisse",
	"free":                                "frei",
	"Next match":                          "Nächstes Spiel",
	"Record":                              "Bilanz",
	"Following":                           "Gefolgt",
	"Live results":                        "Live-Ergebnisse",
	"Running now":                         "Läuft gerade",
	"No tournament is running right now.": "Gerade läuft kein Turnier.",
	"Organizers":                          "Veranstalter",
	"Search organizers":                   "Veranstalter suchen",
	"Search":                              "Suchen",
	"No organizer matches.":               "Kein Veranstalter gefunden.",
	"Tournaments":                         "Turniere",
	"No shared tournaments yet.":          "Noch keine geteilten Turniere.",
	"Newer":                               "Neuere",
	"Older":                               "Ältere",
	"Page %d":                             "Seite %d",
	"Disciplines":                         "Disziplinen",
	"Live now":                            "Jetzt live",
	"Nothing is being played right now.":  "Gerade wird nichts gespielt.",
	"Players and teams":                   "Spieler und Teams",
	"Court board":                         "Tischübersicht",
	"Scan to follow on your phone":        "Scannen und auf dem Handy verfolgen",
	"Standings":                           "Tabelle",
	"Matches":                             "Spiele",
	"Bracket":                             "Turnierbaum",
	"Rank":                                "Platz",
	"Team":                                "Team",
	"Player":                              "Spieler",
	"Entry":                               "Teilnehmer",
	"P":                                   "Sp.",
	"Matches played":                      "Gespielte Spiele",
	"W":                                   "S",
	"D":                                   "U",
	"L":                                   "N",
	"Wins":                                "Siege",
	"Draws":                               "Unentschieden",
	"Losses":                              "Niederlagen",
	"Points":                              "Punkte",
	"Pts":                                 "Pkt.",
	"Sets":                                "Sätze",
	"Goals":                               "Tore",
	"Diff":                                "Diff.",
	"Goal difference":                     "Tordifferenz",
	"Encounters":                          "Begegnungen",
	"Lives":                               "Leben",
	"Points per match":                    "Punkte pro Spiel",
	"Corrected points per match":          "Korrigierte Punkte pro Spiel",
	"corrected for fewer matches":         "korrigiert wegen weniger Spiele",
	"Court":                               "Tisch",
	"Courts":                              "Tische",
	"Round":                               "Runde",
	"Winners bracket":                     "Gewinnerrunde",
	"Losers bracket":                      "Verliererrunde",
	"Finals":                              "Finale",
	"Winner of %s":                        "Sieger von %s",
	"Loser of %s":                         "Verlierer von %s",
	"To be decided":                       "Noch offen",
	"Bye":                                 "Freilos",
	"Schedule":                            "Spielplan",
	"No matches yet.":                     "Noch keine Spiele.",
	"Started":                             "Beginn",
	"Ended":                               "Ende",
	"Result":                              "Ergebnis",
	"Set":                                 "Satz",
	"live":                                "live",
	"vs":                                  "gegen",
	"Unranked":                            "ohne Platz",
	"Language":                            "Sprache",
	"Nothing here":                        "Hier ist nichts",
	"This page does not exist, or it is not shared. Check the address, or start again from the home page.": "Diese Seite gibt es nicht, oder sie ist nicht geteilt. Prüfe die Adresse oder starte neu auf der Startseite.",
	"Something went wrong":                                 "Etwas ist schiefgelaufen",
	"That is our fault, not yours. Try again in a moment.": "Das liegt an uns, nicht an dir. Versuche es gleich noch einmal.",
	"Back in a moment":                                     "Gleich wieder da",
	"The results cannot be reached right now. Try again in a few seconds.": "Die Ergebnisse sind gerade nicht erreichbar. Versuche es in ein paar Sekunden noch einmal.",
	"Home":                  "Start",
	"planned":               "geplant",
	"pre-registration":      "Voranmeldung",
	"check-in":              "Check-in",
	"ready":                 "bereit",
	"running":               "läuft",
	"finished":              "beendet",
	"cancelled":             "abgesagt",
	"open":                  "offen",
	"paused":                "pausiert",
	"skipped":               "ausgelassen",
	"played":                "gespielt",
	"incomplete":            "unvollständig",
	"bye":                   "Freilos",
	"single":                "Einzel",
	"team_name":             "Teams",
	"dyp":                   "DYP",
	"byp":                   "Feste Doppel",
	"monster_dyp":           "Monster-DYP",
	"double_elimination":    "Doppel-K.-o.",
	"elimination":           "K.-o.",
	"last_one_standing":     "Last One Standing",
	"lord_have_mercy":       "Lord Have Mercy",
	"round_robin":           "Jeder gegen jeden",
	"rounds":                "Runden",
	"snake_draw":            "Schlangenauslosung",
	"swiss":                 "Schweizer System",
	"dutch_system":          "Holländisches System",
	"whist":                 "Whist",
	"API reference":         "API-Referenz",
	"%d players · %d teams": "%d Spieler · %d Teams",
	"by %s":                 "von %s",
	"Match":                 "Spiel",
	"Third place":           "Spiel um Platz 3",
	"Grand final reset":     "Finale (Entscheidung)",
	"Grand final":           "Großes Finale",
	"Final":                 "Finale",
	"Semi-finals":           "Halbfinale",
	"Quarter-finals":        "Viertelfinale",
	// New tournament, check-in and entries (console).
	"%d entries have not checked in yet.":                                "%d Meldungen haben noch nicht eingecheckt.",
	"See the messages next to the fields.":                               "Siehe die Hinweise neben den Feldern.",
	"%s withdraws: their remaining matches are lost by walkover. Go on?": "%s zieht zurück: die übrigen Spiele gehen kampflos verloren. Fortfahren?",
	"+ Add discipline": "+ Disziplin hinzufügen",
	"+ Add stage":      "+ Phase hinzufügen",
	"A free court gets the next open match without anyone calling it.":     "Ein freier Tisch bekommt das nächste offene Spiel, ohne dass jemand es aufruft.",
	"A match may end level (not in knock-out modes).":                      "Ein Spiel darf unentschieden enden (nicht im K.-o.-Modus).",
	"A row per entry: the name, or a team's name followed by its players.": "Eine Zeile pro Meldung: der Name, oder der Teamname gefolgt von den Spielern.",
	"A set is won by two clear points.":                                    "Ein Satz wird mit zwei Punkten Vorsprung gewonnen.",
	"Add entries":                                                          "Meldungen hinzufügen",
	"Add":                                                                  "Hinzufügen",
	"Added.":                                                               "Hinzugefügt.",
	"Call matches by themselves":                                           "Spiele selbst aufrufen",
	"Check-in":                                                             "Check-in",
	"Courts and results":                                                   "Tische und Ergebnisse",
	"Create tournament":                                                    "Turnier anlegen",
	"Description":                                                          "Beschreibung",
	"Discipline %d":                                                        "Disziplin %d",
	"Double round robin":                                                   "Hin- und Rückrunde",
	"Elimination and lord have mercy.":                                     "K.-o. und Lord Have Mercy.",
	"End (UTC, optional)":                                                  "Ende (UTC, optional)",
	"Entries check in before the start; you tick who is present and remove no-shows.": "Meldungen checken vor dem Start ein; du hakst ab, wer da ist, und entfernst, wer fehlt.",
	"Entries": "Meldungen",
	"For team leagues, separated by commas: Single, Double, Single": "Für Mannschaftsligen, durch Kommas getrennt: Einzel, Doppel, Einzel",
	"Groups":             "Gruppen",
	"How a match is won": "Wie ein Spiel gewonnen wird",
	"How many (4), or one name per line (Table 1, Table 2, …).": "Wie viele (4), oder ein Name pro Zeile (Tisch 1, Tisch 2, …).",
	"How many come from the stage before":                       "Wie viele aus der Phase davor weiterkommen",
	"In order, separated by commas: %s":                         "Der Reihe nach, durch Kommas getrennt: %s",
	"Joins at the next round.":                                  "Steigt in der nächsten Runde ein.",
	"Last one standing, lord have mercy":                        "Last One Standing, Lord Have Mercy",
	"Late entry":                                                "Nachmeldung",
	"League encounters":                                         "Begegnungen der Liga",
	"Match for third place":                                     "Spiel um Platz 3",
	"Mode":                                                      "Modus",
	"More options":                                              "Weitere Optionen",
	"Name of this configuration (optional)":                     "Name dieser Spielregel (optional)",
	"Name":                                                      "Name",
	"New tournament":                                            "Neues Turnier",
	"Nothing was saved. Please fix:":                            "Nichts wurde gespeichert. Bitte korrigieren:",
	"One a line, the best first: \"Anna Berg\"; a team \"Anna Berg / Ben Kurz\" or \"Die Kurbler: Anna Berg / Ben Kurz\".": "Eine pro Zeile, die Besten zuerst: \"Anna Berg\"; ein Team \"Anna Berg / Ben Kurz\" oder \"Die Kurbler: Anna Berg / Ben Kurz\".",
	"One a line; a team \"Anna Berg / Ben Kurz\".": "Eine pro Zeile; ein Team \"Anna Berg / Ben Kurz\".",
	"Only who won each set is entered, 1:0.":       "Eingetragen wird nur, wer jeden Satz gewann, 1:0.",
	"Points for a win":                             "Punkte für einen Sieg",
	"Points to win a set":                          "Punkte für einen Satz",
	"Pools, snake-seeded":                          "Pools, in Schlangenlinie gesetzt",
	"Public":                                       "Öffentlich",
	"Qualify":                                      "Qualifiziert",
	"Quick entry":                                  "Schnelleingabe",
	"Remove discipline":                            "Disziplin entfernen",
	"Remove stage":                                 "Phase entfernen",
	"Remove the %d entries that have not checked in?":  "Die %d Meldungen entfernen, die nicht eingecheckt haben?",
	"Remove the %d no-shows":                           "Die %d Fehlenden entfernen",
	"Removed the no-shows.":                            "Die Fehlenden wurden entfernt.",
	"Round robin and snake draw: every pairing twice.": "Jeder gegen jeden und Schlangenauslosung: jede Paarung zweimal.",
	"Rounds":                "Runden",
	"Save setup":            "Einstellungen speichern",
	"Save who is present":   "Anwesende speichern",
	"Saved who is present.": "Anwesende gespeichert.",
	"Sets to win":           "Gewinnsätze",
	"Setup":                 "Einstellungen",
	"Shared on your result page; otherwise only you see it, signed in.": "Auf deiner Ergebnisseite geteilt; sonst siehst nur du es, angemeldet.",
	"Short name":                  "Kurzname",
	"Stage %d":                    "Phase %d",
	"Start (UTC)":                 "Beginn (UTC)",
	"Start: draw the first round": "Start: erste Runde auslosen",
	"State":                       "Status",
	"Swiss, Dutch, rounds, Monster DYP, whist":           "Schweizer, Holländisch, Runden, Monster-DYP, Whist",
	"Tick who is present, then save.":                    "Hake ab, wer da ist, und speichere.",
	"Tie-breaks":                                         "Feinwertung",
	"Tournament created. Edit anything until the start.": "Turnier angelegt. Bis zum Start lässt sich alles ändern.",
	"Tournament":                    "Turnier",
	"Two ahead":                     "Zwei Punkte Vorsprung",
	"Type a name.":                  "Gib einen Namen ein.",
	"What do the entry types mean?": "Was bedeuten die Meldearten?",
	"What do the modes mean?":       "Was bedeuten die Modi?",
	"Who enters":                    "Wer meldet",
	"Withdraw":                      "Zurückziehen",
	"Withdrawn: the remaining matches are walkovers.": "Zurückgezogen: die übrigen Spiele sind kampflos entschieden.",
	"for a bye":                      "für ein Freilos",
	"for a draw":                     "für ein Unentschieden",
	"withdrawn":                      "zurückgezogen",
	"…or add them from a CSV file":   "…oder aus einer CSV-Datei hinzufügen",
	"help:double_elimination":        "Wer zweimal verliert, scheidet aus. Wer im Gewinnerbaum verliert, spielt im Verliererbaum weiter; die beiden Sieger treffen sich im großen Finale.",
	"help:elimination":               "Wer verliert, scheidet aus. Die Besten der Setzliste bekommen Freilose, bis die Zahl eine Zweierpotenz ist.",
	"help:last_one_standing":         "Jede Niederlage kostet ein Leben; wer keine mehr hat, scheidet aus, bis nur einer übrig ist.",
	"help:lord_have_mercy":           "Ein K.-o.-Baum mit Leben; ein Team darf auch mit einem Spieler weniger antreten.",
	"help:monster_dyp":               "Einzelspieler, jede Runde neu zu Zweierteams gelost; die Tabelle zählt jeden Spieler.",
	"help:round_robin":               "Jede Paarung einmal (oder zweimal mit Hin- und Rückrunde); die Tabelle entscheidet.",
	"help:rounds":                    "Feste Zahl von Runden, jede Runde neu gepaart; die Tabelle entscheidet.",
	"help:snake_draw":                "Die Setzliste wird in Schlangenlinie auf Gruppen verteilt (1-2-3-3-2-1), dann jeder gegen jeden.",
	"help:swiss":                     "Jede Runde spielen Gleichstarke gegeneinander, niemand zweimal gegen denselben; nach den geplanten Runden entscheiden Punkte und Buchholz.",
	"help:dutch_system":              "Wie das Schweizer System, aber die obere Hälfte jeder Punktgruppe spielt gegen die untere.",
	"help:whist":                     "Einzelspieler, die jede Runde mit anderen Partnern gegen andere Gegner spielen, so gleichmäßig wie möglich.",
	"help:single":                    "Einzelspieler.",
	"help:team_name":                 "Teams mit Namen; die Spieler dürfen fehlen.",
	"help:dyp":                       "Einzelspieler melden, beim Start werden feste Zweierteams gelost.",
	"help:byp":                       "Feste Teams, so gemeldet, wie sie spielen.",
	"Changed meanwhile":              "Inzwischen geändert",
	"The tournament exists already.": "Das Turnier gibt es schon.",
	"The tournament changed while this was saved; nothing was changed. Send it again.": "Das Turnier hat sich beim Speichern geändert; nichts wurde geändert. Bitte noch einmal senden.",
	// Following tournaments that run in the tournament application.
	"Live from %s":        "Live von %s",
	"updated %d min ago":  "vor %d Min. aktualisiert",
	"Follow a tournament": "Turnier folgen",
	"Show a tournament that runs in the tournament application here: paste the application's API token (Settings, API) and pick the tournament.": "Ein Turnier, das in der Turnier-App läuft, hier zeigen: API-Token der App einfügen (Einstellungen, API) und das Turnier wählen.",
	"API address":                          "API-Adresse",
	"Show my tournaments":                  "Meine Turniere zeigen",
	"Follow":                               "Folgen",
	"Followed":                             "Gefolgt",
	"None yet.":                            "Noch keine.",
	"Stop following":                       "Nicht mehr folgen",
	"results are sent there":               "Ergebnisse werden dorthin gesendet",
	"read-only":                            "nur lesen",
	"%d of %d requests in the last minute": "%d von %d Anfragen in der letzten Minute",
	"last sync":                            "zuletzt abgeglichen",
	"Webhook address for the application's settings":                           "Webhook-Adresse für die Einstellungen der App",
	"Following %s. Paste the webhook address into the application's settings.": "%s wird gefolgt. Die Webhook-Adresse in die Einstellungen der App einfügen.",
	"Stopped following. The tournament stays as it was last seen.":             "Nicht mehr gefolgt. Das Turnier bleibt, wie es zuletzt war.",
	"The tournament application did not answer: nothing was saved.":            "Die Turnier-App hat nicht geantwortet: nichts wurde gespeichert.",

	// Corrections and walkovers on the result page.
	"Correct result":                                 "Ergebnis korrigieren",
	"Yes, correct the result":                        "Ja, Ergebnis korrigieren",
	"Now %s wins %d:%d. Correct the result?":         "Jetzt gewinnt %s %d:%d. Ergebnis korrigieren?",
	"Now a draw, %d:%d. Correct the result?":         "Jetzt unentschieden, %d:%d. Ergebnis korrigieren?",
	"Result corrected.":                              "Ergebnis korrigiert.",
	"Walkover / retirement":                          "Kampflos / Aufgabe",
	"%s wins by walkover":                            "%s gewinnt kampflos",
	"%s wins by walkover against %s. End the match?": "%s gewinnt kampflos gegen %s. Spiel beenden?",
	"Yes, end the match":                             "Ja, Spiel beenden",
	"Cancel":                                         "Abbrechen",
	"Match ended by walkover.":                       "Spiel kampflos beendet.",
	"This tournament runs in the tournament application: correct results and give walkovers there.": "Dieses Turnier läuft in der Turnier-App: Ergebnisse dort korrigieren und kampflose Siege dort vergeben.",

	// Brackets: match numbers and short placeholders ("S5": Sieger Spiel 5, "V3": Verlierer Spiel 3).
	"Match %d":           "Spiel %d",
	"Winner of match %d": "Sieger Spiel %d",
	"Loser of match %d":  "Verlierer Spiel %d",
	"W%d":                "S%d",
	"L%d":                "V%d",
	"Champion":           "Turniersieger",
	"Scroll sideways":    "Seitlich scrollen",

	// Rounds on a phone, and when a match is expected to start.
	"Jump to the current round": "Zur aktuellen Runde",
	"current round":             "aktuelle Runde",
	"Expected start":            "Erwarteter Beginn",
	"now":                       "jetzt",
}
