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
}
