package templates

import (
	"context"
	"fmt"
	"strconv"
	"strings"
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
	"table_soccer":       "Table soccer",
	"petanque":           "Petanque",
	"darts":              "Darts",
	"cornhole":           "Cornhole",
	"table_tennis":       "Table tennis",
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

// Reason says why the rules refused something, in the page's language: the
// format translated, and those of its arguments that are states, modes or
// entry types as words (tournament.RuleError, ResultError and Problem carry
// their reasons so).
func Reason(ctx context.Context, format string, args ...any) string {
	words := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case tournament.MatchState:
			words[i] = T(ctx, string(v))
		case tournament.PhaseState:
			words[i] = T(ctx, string(v))
		case tournament.State:
			words[i] = T(ctx, string(v))
		case tournament.Mode:
			words[i] = T(ctx, string(v))
		case tournament.EntryType:
			words[i] = T(ctx, string(v))
		default:
			words[i] = a
		}
	}
	return fmt.Sprintf(T(ctx, format), words...)
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

// Number is a number in the page's language: "1,75" and "12.345" in
// German, "1.75" and "12,345" in English; decimals as strconv.FormatFloat
// takes them (-1: as few as tell the number).
func Number(ctx context.Context, v float64, decimals int) string {
	point, group := ".", ","
	if LangOf(ctx) == German {
		point, group = ",", "."
	}
	s := strconv.FormatFloat(v, 'f', decimals, 64)
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	b.WriteString(sign)
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(group)
		}
		b.WriteRune(d)
	}
	if hasFrac {
		b.WriteString(point + frac)
	}
	return b.String()
}

// Ordinal is a place as the page's language writes it: "1st", "22nd" in
// English, "1." in German.
func Ordinal(ctx context.Context, n int) string {
	if LangOf(ctx) != English {
		return strconv.Itoa(n) + "."
	}
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
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
	"table_soccer":                        "Tischfußball",
	"petanque":                            "Boule",
	"darts":                               "Darts",
	"cornhole":                            "Cornhole",
	"table_tennis":                        "Tischtennis",
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
	"Finals":                              "Finalspiele",
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
	// The console, the TV setup, and the rules' refusals.
	"%d W · %d D · %d L": "%d S · %d U · %d N",
	"%d encounters":      "%d Begegnungen",
	"%d entries a group play at most %d rounds without meeting twice": "%d Meldungen einer Gruppe spielen höchstens %d Runden, ohne sich zweimal zu treffen",
	"%d entries in %d groups leave a group with fewer than %d":        "%d Meldungen in %d Gruppen lassen eine Gruppe mit weniger als %d",
	"%d sets are more than an encounter can have":                     "%d Sätze sind mehr, als eine Begegnung haben kann",
	"%d won sets to %d":         "%d Gewinnsätze bis %d",
	"%d:%d goes past %d points": "%d:%d geht über %d Punkte hinaus",
	"%d:%d goes past the end of the set: past %d points it ends at a two-point lead": "%d:%d geht über das Satzende hinaus: nach %d Punkten endet der Satz bei zwei Punkten Vorsprung",
	"%d:%d has a negative score": "%d:%d hat einen negativen Stand",
	"%d:%d in sets is not over: a side needs %d won sets (draws are not allowed)":                    "%d:%d in Sätzen ist nicht beendet: eine Seite braucht %d Gewinnsätze (Unentschieden gibt es nicht)",
	"%d:%d in sets is not over: a side needs %d won sets":                                            "%d:%d in Sätzen ist nicht beendet: eine Seite braucht %d Gewinnsätze",
	"%d:%d is a draw, and this match cannot end in a draw":                                           "%d:%d ist unentschieden, und dieses Spiel kann nicht unentschieden enden",
	"%d:%d is more than a set can score":                                                             "%d:%d ist mehr, als ein Satz haben kann",
	"%d:%d is not a quick-entry score: enter 1:0 or 0:1":                                             "%d:%d ist kein Ergebnis der Schnelleingabe: gib 1:0 oder 0:1 ein",
	"%d:%d is not over: a side needs %d points":                                                      "%d:%d ist nicht beendet: eine Seite braucht %d Punkte",
	"%d:%d needs a two-point lead":                                                                   "%d:%d braucht zwei Punkte Vorsprung",
	"%d:%d: only one side can reach %d points":                                                       "%d:%d: nur eine Seite kann %d Punkte erreichen",
	"%q is entered twice":                                                                            "%q ist zweimal gemeldet",
	"%q is the short name of another discipline":                                                     "%q ist der Kurzname einer anderen Disziplin",
	"%q is there twice":                                                                              "%q gibt es zweimal",
	"%q: use lower-case letters, digits and single hyphens between them, such as kickerclub-hamburg": "%q: nimm Kleinbuchstaben, Ziffern und einzelne Bindestriche dazwischen, etwa kickerclub-hamburg",
	"%s finished this match first (%s): %s. Nothing was saved.":                                      "%s hat dieses Spiel zuerst beendet (%s): %s. Nichts wurde gespeichert.",
	"%s has no entry %s":                                                                             "%s hat keine Meldung %s",
	"%s has no group":                                                                                "%s hat keine Gruppe",
	"%s has no round being played that takes late entries (swiss, dutch system, rounds, monster DYP, whist)": "%s spielt gerade keine Runde, die Nachmeldungen aufnimmt (Schweizer System, Holländisches System, Runden, Monster-DYP, Whist)",
	"%s has no stage to play":            "%s hat keine Phase zu spielen",
	"%s has no table to count points in": "%s hat keine Tabelle, in der Punkte zählen",
	"%s has started already":             "%s hat schon begonnen",
	"%s is busy":                         "%s ist belegt",
	"%s is entered already":              "%s ist schon gemeldet",
	"%s is playing on %s: a match can be called once all its players are free":            "%s spielt gerade an %s: ein Spiel kann erst aufgerufen werden, wenn alle Spieler frei sind",
	"%s is playing on another court: a match can be called once all its players are free": "%s spielt gerade an einem anderen Tisch: ein Spiel kann erst aufgerufen werden, wenn alle Spieler frei sind",
	"%s is there twice":                                  "%s gibt es zweimal",
	"%s needs a winner in every match":                   "%s braucht in jedem Spiel einen Sieger",
	"%s needs at least %d entries, this stage has %d":    "%s braucht mindestens %d Meldungen, diese Phase hat %d",
	"%s needs at least two entries, it has %d":           "%s braucht mindestens zwei Meldungen, hat aber %d",
	"%s needs lives from 1 to 9":                         "%s braucht 1 bis 9 Leben",
	"%s plays in %s already":                             "%s spielt schon in %s",
	"%s ranks by how far entries got, not by tie-breaks": "%s wertet danach, wie weit eine Meldung kam, nicht nach Feinwertung",
	"%s sets its own rounds; rounds is for swiss, dutch_system, rounds, monster_dyp and whist": "%s legt seine Runden selbst fest; Runden gibt es für Schweizer System, Holländisches System, Runden, Monster-DYP und Whist",
	"%s teams players anew each round: the discipline's entryType must be monster_dyp":         "%s lost die Teams jede Runde neu: die Meldeart der Disziplin muss Monster-DYP sein",
	"%s wins %d:%d. Finish the match?":                                              "%s gewinnt %d:%d. Spiel beenden?",
	"%s – %s: now on %s":                                                            "%s – %s: jetzt an %s",
	"%s: %d entries cannot play a round of %s":                                      "%s: %d Meldungen können keine Runde %s spielen",
	"%s: %d entries have not checked in: check them in or remove them":              "%s: %d Meldungen haben nicht eingecheckt: checke sie ein oder entferne sie",
	"%s: a DYP draws teams of two, but %d players entered":                          "%s: DYP lost Zweierteams, aber %d Spieler haben gemeldet",
	"%s: entry %s is not registered":                                                "%s: Meldung %s ist nicht angemeldet",
	"A draw, %d:%d. Finish the match?":                                              "Unentschieden, %d:%d. Spiel beenden?",
	"A message has 1 to 200 characters.":                                            "Eine Nachricht hat 1 bis 200 Zeichen.",
	"A public API key cannot sign in: use the API token of the organizer.":          "Mit einem öffentlichen API-Schlüssel kannst du dich nicht anmelden: nimm das API-Token des Veranstalters.",
	"A rotation needs at least two views.":                                          "Ein Wechsel braucht mindestens zwei Ansichten.",
	"A screen's name is 1 to 32 lowercase letters, digits and dashes, like hall-1.": "Der Name eines Bildschirms hat 1 bis 32 Kleinbuchstaben, Ziffern und Bindestriche, etwa halle-1.",
	"A view of the rotation no longer exists.":                                      "Eine Ansicht des Wechsels gibt es nicht mehr.",
	"API token":          "API-Token",
	"All courts":         "Alle Tische",
	"All":                "Alle",
	"Also show, in turn": "Außerdem im Wechsel zeigen",
	"Call to court":      "An den Tisch rufen",
	"Called to court.":   "An den Tisch gerufen.",
	"Choose a group; a bracket needs a knock-out group.":                                                   "Wähle eine Gruppe; ein Turnierbaum braucht eine K.-o.-Gruppe.",
	"Choose what the TV shows, open it, and bookmark the address on the TV: everything is in the address.": "Wähle, was der Fernseher zeigt, öffne die Ansicht und speichere die Adresse auf dem Fernseher als Lesezeichen: alles steht in der Adresse.",
	"Choose what the screen shows.":                                                                        "Wähle, was der Bildschirm zeigt.",
	"Console":                                                                                              "Konsole",
	"Courts (for courts), like 1-8; empty for all":                                                         "Tische (für Tische), etwa 1-8; leer für alle",
	"Courts are a number or a range, like 1-8.":                                                            "Tische sind eine Zahl oder ein Bereich, etwa 1-8.",
	"Courts per page":                                                                                      "Tische pro Seite",
	"Discipline":                                                                                           "Disziplin",
	"Drawn":                                                                                                "Unentschieden",
	"Enter result":                                                                                         "Ergebnis eintragen",
	"Finish match":                                                                                         "Spiel beenden",
	"Group (for standings or a bracket)":                                                                   "Gruppe (für Tabelle oder Turnierbaum)",
	"History":                                                                                              "Verlauf",
	"Live score saved.":                                                                                    "Zwischenstand gespeichert.",
	"Losers final":                                                                                         "Finale der Verliererrunde",
	"Losers round %d":                                                                                      "Verliererrunde %d",
	"Lost":                                                                                                 "Verloren",
	"Match finished.":                                                                                      "Spiel beendet.",
	"Message (for a message), like “Final on Table 1 in 5 minutes”": "Nachricht (für eine Nachricht), etwa „Finale an Tisch 1 in 5 Minuten“",
	"Message":                            "Nachricht",
	"My tournaments":                     "Meine Turniere",
	"New screen":                         "Neuer Bildschirm",
	"No match is waiting for a court.":   "Kein Spiel wartet auf einen Tisch.",
	"No match waiting.":                  "Kein Spiel wartet.",
	"Now on %s":                          "Jetzt an %s",
	"Number %d in the queue for a court": "Nummer %d in der Warteschlange für einen Tisch",
	"Open a screen's address once on each TV in the hall. What you set here shows there within a few seconds.": "Öffne die Adresse eines Bildschirms einmal auf jedem Fernseher in der Halle. Was du hier einstellst, erscheint dort nach wenigen Sekunden.",
	"Open the TV view":  "TV-Ansicht öffnen",
	"Organizer sign-in": "Anmeldung für Veranstalter",
	"Page %d of %d":     "Seite %d von %d",
	"Paste your API token (Settings, API). Public API keys cannot sign in.": "Füge dein API-Token ein (Einstellungen, API). Mit öffentlichen API-Schlüsseln kannst du dich nicht anmelden.",
	"Paste your API token.":       "Füge dein API-Token ein.",
	"Pause":                       "Pausieren",
	"Place %d":                    "Platz %d",
	"Public page":                 "Öffentliche Seite",
	"Reconnecting…":               "Verbinde neu…",
	"Remove":                      "Entfernen",
	"Resume":                      "Fortsetzen",
	"Rotation of %d views":        "Wechsel aus %d Ansichten",
	"Rotation: the views in turn": "Wechsel: die Ansichten nacheinander",
	"Round %d":                    "Runde %d",
	"Round of %d":                 "Runde der letzten %d",
	"Save live score":             "Zwischenstand speichern",
	"Saved. The screen shows it within a few seconds.": "Gespeichert. Der Bildschirm zeigt es in wenigen Sekunden.",
	"Saved.": "Gespeichert.",
	"Seconds per view are between 5 and 300.": "Sekunden pro Ansicht liegen zwischen 5 und 300.",
	"Seconds per view":                        "Sekunden pro Ansicht",
	"Set up a TV":                             "Fernseher einrichten",
	"Show on the screen":                      "Auf dem Bildschirm zeigen",
	"Show":                                    "Zeigen",
	"Shows":                                   "Zeigt",
	"Sign in":                                 "Anmelden",
	"Sign out":                                "Abmelden",
	"Skip":                                    "Auslassen",
	"That is far longer than an API token. Paste only the token.":                       "Das ist viel länger als ein API-Token. Füge nur das Token ein.",
	"That token is unknown or revoked.":                                                 "Dieses Token ist unbekannt oder widerrufen.",
	"The screen was not changed: see the marked field.":                                 "Der Bildschirm wurde nicht geändert: siehe das markierte Feld.",
	"This match is %s: nothing was saved.":                                              "Dieses Spiel hat den Status „%s“: nichts wurde gespeichert.",
	"This tournament runs in the tournament application: call and pause matches there.": "Dieses Turnier läuft in der Turnier-App: Spiele dort aufrufen und pausieren.",
	"Too many failed sign-ins. Try again in %d minutes.":                                "Zu viele fehlgeschlagene Anmeldungen. Versuche es in %d Minuten noch einmal.",
	"Waiting for a court":                                                               "Wartet auf einen Tisch",
	"Winners Quarter-finals":                                                            "Viertelfinale der Gewinnerrunde",
	"Winners Round of %d":                                                               "Gewinnerrunde, letzte %d",
	"Round of 16":                                                                       "Achtelfinale",
	"Round of 32":                                                                       "Sechzehntelfinale",
	"Winners Round of 16":                                                               "Achtelfinale der Gewinnerrunde",
	"Winners Round of 32":                                                               "Sechzehntelfinale der Gewinnerrunde",
	"Winners Semi-finals":                                                               "Halbfinale der Gewinnerrunde",
	"Winners final":                                                                     "Finale der Gewinnerrunde",
	"Won":                                                                               "Gewonnen",
	"Yes, finish the match":                                                             "Ja, Spiel beenden",
	"a %s entry is one player":                                                          "eine Meldung der Art %s ist ein Spieler",
	"a %s entry is one player: give the name alone":                                     "eine Meldung der Art %s ist ein Spieler: gib nur den Namen an",
	"a %s match cannot be given as a walkover":                                          "ein Spiel mit dem Status „%s“ kann nicht kampflos gewertet werden",
	"a %s match cannot become %s":                                                       "ein Spiel mit dem Status „%s“ kann nicht den Status „%s“ bekommen",
	"a %s tournament cannot be started":                                                 "ein Turnier mit dem Status „%s“ kann nicht gestartet werden",
	"a byp team is two or more players: \"Anna Berg / Ben Kurz\" or {\"name\": ..., \"players\": [...]}": "ein festes Doppel sind zwei oder mehr Spieler: \"Anna Berg / Ben Kurz\" oder {\"name\": ..., \"players\": [...]}",
	"a draw must be worth less than a win":                                      "ein Unentschieden muss weniger wert sein als ein Sieg",
	"a final result needs all %d encounters, the result has %d":                 "ein Endergebnis braucht alle %d Begegnungen, das Ergebnis hat %d",
	"a knock-out match cannot be skipped: enter its result instead":             "ein K.-o.-Spiel kann nicht ausgelassen werden: trage stattdessen sein Ergebnis ein",
	"a late entry needs a name":                                                 "eine Nachmeldung braucht einen Namen",
	"a later stage takes at least two entries from the one before":              "eine spätere Phase übernimmt mindestens zwei Meldungen aus der vorigen",
	"a match for third place is played in elimination and lord_have_mercy only": "ein Spiel um Platz 3 gibt es nur bei K.-o. und Lord Have Mercy",
	"a match here has %d encounter(s), the result has %d":                       "ein Spiel hier hat %d Begegnung(en), das Ergebnis hat %d",
	"a player needs a name":                                                     "ein Spieler braucht einen Namen",
	"enter both scores":                                                         "beide Ergebnisse eintragen",
	"scores are whole numbers from 0":                                           "Ergebnisse sind ganze Zahlen ab 0",
	"fill the sets in order":                                                    "die Sätze der Reihe nach ausfüllen",
	"fill the encounters in order":                                              "die Begegnungen der Reihe nach ausfüllen",
	"enter a score":                                                             "ein Ergebnis eintragen",
	"%s is not %s (%s)":                                                         "%s ist nicht %s (%s)",
	"not JSON: %v":                                                              "kein JSON: %v",
	"not JSON: more than one value":                                             "kein JSON: mehr als ein Wert",
	"a result needs at least one encounter":                                     "ein Ergebnis braucht mindestens eine Begegnung",
	"a walkover needs both entries known":                                       "ein kampfloser Sieg braucht beide Meldungen",
	"an encounter needs a name":                                                 "eine Begegnung braucht einen Namen",
	"an encounter needs at least one set":                                       "eine Begegnung braucht mindestens einen Satz",
	"at least one court is needed":                                              "mindestens ein Tisch wird gebraucht",
	"at least one discipline is needed":                                         "mindestens eine Disziplin wird gebraucht",
	"at least one stage is needed":                                              "mindestens eine Phase wird gebraucht",
	"at least two entries are needed, not %d":                                   "mindestens zwei Meldungen werden gebraucht, nicht %d",
	"at most %d courts":                                                         "höchstens %d Tische",
	"at most %d encounters":                                                     "höchstens %d Begegnungen",
	"at most %d entries in all, not %d":                                         "höchstens %d Meldungen insgesamt, nicht %d",
	"at most %d players in a team":                                              "höchstens %d Spieler in einem Team",
	"at most %d stages":                                                         "höchstens %d Phasen",
	"at most 99 rounds":                                                         "höchstens 99 Runden",
	"choose at least one court":                                                 "wähle mindestens einen Tisch",
	"draw allowed":                                                              "Unentschieden erlaubt",
	"draw your partner pairs players into teams of two: %d players leave one without a partner": "DYP lost Zweierteams: bei %d Spielern bleibt einer ohne Partner",
	"final": "Endergebnis",
	"how many rounds are planned is required for %s":           "wie viele Runden geplant sind, muss für %s angegeben werden",
	"is not a setup field":                                     "ist kein Feld der Einstellungen",
	"is required":                                              "muss angegeben werden",
	"league encounters are played by teams (team_name or byp)": "Begegnungen einer Liga spielen Teams (Teams oder feste Doppel)",
	"line %d: %s":                                              "Zeile %d: %s",
	"lives are for last_one_standing and lord_have_mercy":      "Leben gibt es bei Last One Standing und Lord Have Mercy",
	"monster_dyp entries are teamed anew each round: use monster_dyp or whist": "Monster-DYP-Meldungen werden jede Runde neu gelost: nimm Monster-DYP oder Whist",
	"must be 3 to 40 characters, not %d":                                       "muss 3 bis 40 Zeichen haben, nicht %d",
	"must be a count from 1 to %d or a list of names, not %s":                  "muss eine Anzahl von 1 bis %d oder eine Liste von Namen sein, nicht %s",
	"must be a count or a list of names, not %s":                               "muss eine Anzahl oder eine Liste von Namen sein, nicht %s",
	"must be a date and time":                                                  "muss ein Datum mit Uhrzeit sein",
	"must be a list, not %s":                                                   "muss eine Liste sein, nicht %s",
	"must be a timestamp such as \"2026-11-24T18:00:00.000Z\", not %s":         "muss ein Zeitstempel wie \"2026-11-24T18:00:00.000Z\" sein, nicht %s",
	"must be a whole number":                                                   "muss eine ganze Zahl sein",
	"must be a whole number, not %s":                                           "muss eine ganze Zahl sein, nicht %s",
	"must be an object, not %s":                                                "muss ein Objekt sein, nicht %s",
	"must be at least 1":                                                       "muss mindestens 1 sein",
	"must be at most %d characters":                                            "darf höchstens %d Zeichen haben",
	"must be at most 2000 characters":                                          "darf höchstens 2000 Zeichen haben",
	"must be from 1 to %d":                                                     "muss zwischen 1 und %d liegen",
	"must be from 1 to 9 sets to win":                                          "muss 1 bis 9 Gewinnsätze sein",
	"must be one of %s, not %q":                                                "muss eins von %s sein, nicht %q",
	"must be text, not %s":                                                     "muss Text sein, nicht %s",
	"must be true or false, not %s":                                            "muss true oder false sein, nicht %s",
	"must be up to 10 letters, digits or - _ . +, not %q":                      "darf bis zu 10 Buchstaben, Ziffern oder - _ . + haben, nicht %q",
	"must not be before startTime":                                             "darf nicht vor dem Beginn liegen",
	"needs a name":                                                             "braucht einen Namen",
	"no such discipline":                                                       "diese Disziplin gibt es nicht",
	"one set to %d":                                                            "ein Satz bis %d",
	"only a played result can be corrected; this match is %s":                  "nur ein gespieltes Ergebnis kann korrigiert werden; dieses Spiel hat den Status „%s“",
	"only an open match with both entries known can be called; this one is %s": "aufrufen lässt sich nur ein offenes Spiel, dessen beide Meldungen feststehen; dieses hat den Status „%s“",
	"only round_robin and snake_draw play every pairing twice":                 "nur Jeder gegen jeden und Schlangenauslosung spielen jede Paarung zweimal",
	"private":                  "privat",
	"quick entry":              "Schnelleingabe",
	"quick entry, %d won sets": "Schnelleingabe, %d Gewinnsätze",
	"quickEntry sets are 1:0, so nobody wins by two":                     "Sätze der Schnelleingabe stehen 1:0, also gewinnt niemand mit zwei Punkten Vorsprung",
	"the encounter was decided %d:%d before this set":                    "die Begegnung war vor diesem Satz schon %d:%d entschieden",
	"the entry has withdrawn already":                                    "die Meldung hat schon zurückgezogen",
	"the first stage plays every entry; qualify is for later stages":     "in der ersten Phase spielen alle Meldungen; Qualifiziert gilt für spätere Phasen",
	"the stage before has only %d entries, so %d cannot qualify":         "die vorige Phase hat nur %d Meldungen, also können sich keine %d qualifizieren",
	"the tournament has no discipline to play":                           "das Turnier hat keine Disziplin zu spielen",
	"the tournament has started already":                                 "das Turnier hat schon begonnen",
	"the tournament is %s":                                               "das Turnier hat den Status „%s“",
	"the winner of a walkover is side 0 or side 1":                       "der kampflose Sieger ist Seite 0 oder Seite 1",
	"this discipline is played by teams: enter \"Anna Berg / Ben Kurz\"": "diese Disziplin spielen Teams: gib \"Anna Berg / Ben Kurz\" ein",
	"two ahead": "zwei Punkte Vorsprung",
	"win must be from 1 to 99, draw and bye from 0 to 99":        "Sieg muss 1 bis 99 sein, Unentschieden und Freilos 0 bis 99",
	"with quickEntry a set is won 1:0, so numPoints is 1":        "mit Schnelleingabe wird ein Satz 1:0 gewonnen, also sind die Punkte für einen Satz 1",
	"the tournament has started: its setup can no longer change": "das Turnier hat begonnen: seine Einstellungen lassen sich nicht mehr ändern",
	"The form does not read.":                                    "Das Formular lässt sich nicht lesen.",
	"Choose a court of this tournament.":                         "Wähle einen Tisch dieses Turniers.",
	"hall-1":                                                     "halle-1",
	"The form does not read: %v":                                 "Das Formular lässt sich nicht lesen: %v",
	"%s does not read as CSV: %v":                                "%s lässt sich nicht als CSV lesen: %v",
	"courts: a court number or a range of them, like 1-8":        "courts: eine Tischnummer oder ein Bereich, etwa 1-8",
	"courts: this tournament has no court numbered %d to %d":     "courts: dieses Turnier hat keinen Tisch mit den Nummern %d bis %d",
	"%s must be a whole number from %d to %d":                    "%s muss eine ganze Zahl von %d bis %d sein",
	"discipline: this tournament has no such discipline":         "discipline: diese Disziplin gibt es in diesem Turnier nicht",
	"kiosk must be 1 or 0":                                       "kiosk muss 1 oder 0 sein",
	"rotate: courts, standings:<group> or bracket:<group of a knock-out mode> of this tournament": "rotate: courts, standings:<Gruppe> oder bracket:<K.-o.-Gruppe> dieses Turniers",
	"the upstream address must be an http or https URL, like https://api.example.org/v1/public":   "die API-Adresse muss eine http- oder https-Adresse sein, etwa https://api.example.org/v1/public",
	"the upstream key is missing":                 "das API-Token fehlt",
	"the tournament id is missing":                "die Turnier-ID fehlt",
	"the budget is 1 to %d GET requests a minute": "das Budget liegt bei 1 bis %d GET-Anfragen pro Minute",
	"a tournament with id %s is Courtside's own":  "ein Turnier mit der ID %s gehört Courtside selbst",
	"there is no organizer %q here":               "hier gibt es keinen Veranstalter %q",
	"the upstream does not say whose tournament this is to a public key: name a local organizer with --organizer": "die Turnier-App sagt einem öffentlichen Schlüssel nicht, wessen Turnier das ist: nenne einen Veranstalter von hier mit --organizer",
	"the copy of %s belongs to another organizer here":                                                            "die Kopie von %s gehört hier einem anderen Veranstalter",
	"the upstream refused the key (%s)":                                                                           "die Turnier-App hat das Token abgelehnt (%s)",
	"the upstream does not know this tournament (%s)":                                                             "die Turnier-App kennt dieses Turnier nicht (%s)",
	"the upstream answered %s":                                                                                    "die Turnier-App antwortete %s",
	"the organizer slug %q is taken here: name a local organizer with --organizer":                                "der Kurzname %q ist hier schon vergeben: nenne einen Veranstalter von hier mit --organizer",
	"the call is not JSON":                                                                                        "der Aufruf ist kein JSON",
	"the call is about tournament %s, not %s":                                                                     "der Aufruf betrifft das Turnier %s, nicht %s",
	"The Tournament Public API: tournaments, courts, matches, entries and standings as JSON.":                     "Die Tournament Public API: Turniere, Tische, Spiele, Meldungen und Tabellen als JSON.",
	"Court %d":            "Tisch %d",
	"from 1 to %d courts": "1 bis %d Tische",
	"Every court of %s: who plays, the live score, who is next.": "Alle Tische von %s: wer spielt, der Live-Stand, wer als Nächstes dran ist.",
	"Court board of %s":                                  "Tischübersicht von %s",
	"Build the address of a TV court board.":             "Stelle die Adresse einer Tischübersicht für einen Fernseher zusammen.",
	"%s, %s, %s: %s. Live results, tables and brackets.": "%s, %s, %s: %s. Live-Ergebnisse, Tabellen und Turnierbäume.",
	"%s, %s: standings and matches.":                     "%s, %s: Tabelle und Spiele.",
	"Schedule and results of %s at %s.":                  "Spielplan und Ergebnisse von %s bei %s.",
	"Live results of table soccer, petanque, darts, cornhole and table tennis tournaments.": "Live-Ergebnisse von Turnieren im Tischfußball, Boule, Darts, Cornhole und Tischtennis.",
	"Tournaments of %s: live results, tables and brackets.":                                 "Turniere von %s: Live-Ergebnisse, Tabellen und Turnierbäume.",
	"Screen %s of %s": "Bildschirm %s von %s",
	"This form was sent from another site, so nothing was changed.": "Dieses Formular kam von einer anderen Seite, deshalb wurde nichts geändert.",
	"Breadcrumb":               "Brotkrumen",
	"Skip to content":          "Zum Inhalt springen",
	"Main":                     "Hauptmenü",
	"Pagination":               "Seitenwechsel",
	"Bad Request":              "Ungültige Anfrage",
	"Unauthorized":             "Nicht angemeldet",
	"Forbidden":                "Verboten",
	"Not Found":                "Nicht gefunden",
	"Method Not Allowed":       "Methode nicht erlaubt",
	"Conflict":                 "Konflikt",
	"Request Entity Too Large": "Anfrage zu groß",
	"Unprocessable Entity":     "Nicht verarbeitbar",
	"Too Many Requests":        "Zu viele Anfragen",
	"Internal Server Error":    "Interner Serverfehler",
	"Bad Gateway":              "Fehlerhaftes Gateway",
	"Service Unavailable":      "Dienst nicht verfügbar",
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
	"Someone changed this result meanwhile: it is %s now. Check it, then correct again.":            "Jemand hat dieses Ergebnis inzwischen geändert: Es lautet jetzt %s. Bitte prüfen und dann erneut korrigieren.",

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
	// The API reference's navigation.
	"Operations": "Operationen",
	"required":   "Pflichtfeld",

	// The hall's screens: the prize-giving, courts and calls on a TV.
	"Prize-giving":                        "Siegerehrung",
	"%d of %d":                            "%d von %d",
	"Free":                                "Frei",
	"Play starts at":                      "Beginn um",
	"%d of %d here":                       "%d von %d da",
	"Missing":                             "Es fehlen",
	"Please come to %s":                   "Bitte an %s kommen",
	"No match is being played right now.": "Gerade wird kein Spiel gespielt.",
	"featured: this tournament has no court numbered %d": "featured: Dieses Turnier hat keinen Tisch Nummer %d",
	"Featured court (its number): a larger tile":         "Hervorgehobener Tisch (seine Nummer): eine größere Kachel",
	"Called to %s": "An %s gerufen",
	"Undo":         "Rückgängig",
	"Next on %s":   "Als Nächstes an %s",
	"Call to %s":   "An %s rufen",
	"only a match called a moment ago, with no score yet, can be taken back; this one is %s": "Nur ein gerade erst gerufenes Spiel ohne Spielstand kann zurückgenommen werden; dieses ist %s",
	"this match was called more than %d seconds ago: it cannot be taken back":                "Dieses Spiel wurde vor mehr als %d Sekunden gerufen: Es kann nicht mehr zurückgenommen werden",
	"Winners":                        "Sieger",
	"Find a player or team":          "Spieler oder Team finden",
	"Find":                           "Finden",
	"Nobody here is called %q.":      "Hier heißt niemand %q.",
	"Search for at most %d letters.": "Suche nach höchstens %d Zeichen.",
	"Sets won":                       "Gewonnene Sätze",
	"Points in this set":             "Punkte in diesem Satz",
	"out":                            "raus",
	"Show it on your club's website": "Auf der Website deines Vereins zeigen",
	"Put one of these in a page of your website: it stays live there.": "Füge eines davon in eine Seite deiner Website ein: Es bleibt dort live.",
	"The first %d go on to %s.":                                        "Die ersten %d kommen weiter in: %s.",
	"Legs":                                                             "Legs",
	"Legs won and lost":                                                "Gewonnene und verlorene Legs",
	"Games":                                                            "Sätze",
	"Games won and lost":                                               "Gewonnene und verlorene Sätze",
	"Score":                                                            "Punkte",
	"Points scored and conceded":                                       "Erzielte und kassierte Punkte",
	"Point difference":                                                 "Punktdifferenz",
	"Cross table":                                                      "Kreuztabelle",
}
