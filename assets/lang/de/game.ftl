# Burrow's words in German (Deutsch), translated from en/game.ftl.
#
# Glossary (how this file renders the game's own terms; en/game.ftl says what
# each term means):
# - Burrow and the four games' names (Box Burrow, Path Burrow, Sweep
#   Burrow, Tumburrow): names, kept as they are.
# - capture: Schlag (noun), schlagen (verb); keep capturing: weiterschlagen.
# - initial capture: Eröffnungsschlag.
# - template: Schablone.
# - fit: passen (in die Schablone): "ein Schlag passt".
# - turn: Zug (plural Züge).
# - chain: Kette.
# - White, Black: Weiß, Schwarz (as in German chess: "Weiß am Zug",
#   "Weiß gewinnt").
# - board: Brett; square: Feld; piece: Stein; file: Linie; rank: Reihe.
# - puzzle: Aufgabe.
# - lesson (the guided first game): geführte erste Partie ("geführte
#   Partie" where the words must be short).
# - record: Partienotation; position: Stellung.
# - solver: Löser; hint: Tipp; undo / redo: Zurücknehmen / Wiederholen.
# - Other everyday words: a game played = Partie, one of the games of the
#   family = Spiel; start (the starting layout) = Aufstellung;
#   analysis = Analyse; review = Auswertung; level = Stufe.
# The player is addressed with the informal "du"; quotations use „…“.
#
# Arguments: $side is "white" or "black"; counts are numbers (plurals
# follow the German rules: [one] for 1 only, *[other] for the rest).

## Sides and players

side = { $side ->
    [white] Weiß
   *[black] Schwarz
}
player-human = Mensch
player-computer = Computer ({ $level })
player-defender = Löser (beste Verteidigung)
player-scripted = Geführte Partie
player-remote = Online
level-random = zufällig
level-greedy = gierig
level-easy = leicht
level-medium = mittel
level-hard = schwer
level-strongest = stärkste

## The side panel's menus

menu-game = Partie
menu-new-game = Neue Partie…
menu-copy-position = Stellung kopieren
menu-copy-record = Partienotation kopieren
menu-positions-records = Stellungen und Partienotationen…
menu-positions-records-hint = Stellung oder Partienotation einfügen; Partienotationen als Datei speichern oder öffnen
menu-resign = { $side ->
    [white] Aufgeben (Weiß)
   *[black] Aufgeben (Schwarz)
}
menu-view = Ansicht
menu-flip-board = Brett drehen
menu-analysis = Analyse (A)
menu-analysis-hint = Der Löser kennzeichnet jeden Zug als bewiesenen Gewinn oder Verlust
menu-play = Spielen
menu-puzzles = Aufgaben…
menu-online = Online…
menu-lesson = Geführte erste Partie
menu-design = Spiel entwerfen…
menu-design-hint = Entwirf dein eigenes Spiel, ausgehend von diesem
menu-rules = Regeln
menu-rules-of-game = Regeln dieses Spiels
menu-shortcuts = Tastenkürzel
menu-settings = Einstellungen

## The side panel: players, status, actions, moves, analysis

pieces-count = { $count ->
    [one] { $count } Stein
   *[other] { $count } Steine
}
outcome-wins = { $side ->
    [white] Weiß gewinnt
   *[black] Schwarz gewinnt
}
outcome-resigned = { $side ->
    [white] Weiß gewinnt: Schwarz hat aufgegeben
   *[black] Schwarz gewinnt: Weiß hat aufgegeben
}
to-move = { $side ->
    [white] Weiß am Zug
   *[black] Schwarz am Zug
}
thinking = denkt nach…
template-now = Schablone: { $template }
template-must-keep = Der Stein auf { $square } muss weiterschlagen, solange ein Schlag passt.
template-unset = Schablone: kommt mit dem nächsten Eröffnungsschlag
route-of = Route { $index } von { $count } (Tab oder Rechtsklick für die nächste)
viewing-after = Du siehst die Stellung nach Zug { $turn }
puzzle-task = Aufgabe: { $task }
puzzle-checking = Der Löser prüft deinen Zug…
puzzle-solved = Gelöst!
puzzle-turns-to-go = { $count ->
    [one] noch { $count } Zug
   *[other] noch { $count } Züge
}
puzzle-take-back = Zug zurücknehmen
puzzle-restart = Aufgabe neu starten
puzzle-next = Nächste Aufgabe
action-undo = Zurücknehmen
action-redo = Wiederholen
action-hint = Tipp
action-hint-hint = Die stärkste Stufe schlägt einen Zug vor
action-review = Auswertung
action-review-hint = Der Bewertungsverlauf der Partie und ihre Fehler
action-new-game = Neue Partie
action-new-game-hint = Zurück zur Auswahl der Spiele
hint-turn = Tipp: { $turn }
computer-stopped = Der Computer hat aufgehört zu spielen: { $why }
computer-pause = Computer anhalten
computer-resume = Computer fortsetzen
computer-step = Schritt
moves-heading = Züge (zum Ansehen klicken)
moves-back = Zurück zur Partie
analysis-heading = Analyse (A blendet sie aus)
analysis-sign = Die Angabe jedes Zugs gilt für die Seite, die ihn spielt: ihre Gewinnchance, oder ein bewiesener Sieg (W) oder eine bewiesene Niederlage (L) in so vielen Zügen.
analysis-stopped = Die Analyse wurde abgebrochen: { $why }
analysis-solving = wird gelöst…
analysis-wins-in = { $side ->
    [white] Weiß gewinnt in { $count ->
        [one] { $count } Zug
       *[other] { $count } Zügen
    } (bewiesen)
   *[black] Schwarz gewinnt in { $count ->
        [one] { $count } Zug
       *[other] { $count } Zügen
    } (bewiesen)
}
analysis-loses-in = { $side ->
    [white] Weiß verliert in { $count ->
        [one] { $count } Zug
       *[other] { $count } Zügen
    } (bewiesen)
   *[black] Schwarz verliert in { $count ->
        [one] { $count } Zug
       *[other] { $count } Zügen
    } (bewiesen)
}
analysis-wins = { $side ->
    [white] Weiß gewinnt (bewiesen; Zugzahl noch offen)
   *[black] Schwarz gewinnt (bewiesen; Zugzahl noch offen)
}
analysis-loses = { $side ->
    [white] Weiß verliert (bewiesen; Zugzahl noch offen)
   *[black] Schwarz verliert (bewiesen; Zugzahl noch offen)
}
analysis-not-proven = Noch nicht bewiesen; { $ahead }
analysis-positions = { $count ->
    [one] { $count } Stellung durchsucht
   *[other] { $count } Stellungen durchsucht
}
analysis-more-turns = … insgesamt { $count } Züge
# $side is the side ahead; $mover the side to move, for whom $score counts.
ahead = { $side ->
    [white] Weiß steht besser
   *[black] Schwarz steht besser
} ({ $score } für { $mover ->
    [white] Weiß
   *[black] Schwarz
})
about-even = etwa ausgeglichen ({ $score } für { $mover ->
    [white] Weiß
   *[black] Schwarz
})

## The guided first game in the side panel

lesson-title = Geführte erste Partie: { $game }
lesson-step = Schritt { $step } von { $count }
lesson-game-said = Das Spiel sagte: „{ $why }“
lesson-off-script = Das ist nicht der Zug dieser geführten Partie. Nimm ihn zurück, um weiterzumachen.
lesson-play-real = Eine echte Partie spielen
lesson-again = Von vorn beginnen
lesson-leave = Geführte Partie verlassen
lesson-leave-hint = Von hier aus gegen den Computer weiterspielen

## The rules window, the keyboard shortcuts and the game-over dialog

rules-title = Regeln: { $game }
rules-shared = Was alle Burrow-Spiele gemeinsam haben
rules-reading-note = Mit [Lesart des Projekts] markierte Punkte sind Stellen, an denen die Beschreibung des Erfinders Spielraum lässt und dieses Projekt wählen musste; die Wahl ist unsere, nicht die des Erfinders.
shortcut-arrows-keys = Pfeiltasten
shortcut-arrows = den Cursor über das Brett bewegen
shortcut-enter-keys = Enter oder Leertaste
shortcut-enter = das Feld unter dem Cursor anklicken
shortcut-tab = der nächste Weg zum Feld, wo mehrere hinführen
shortcut-esc-keys = Esc
shortcut-esc = den gewählten Stein loslassen
# The keys as the keyboard's own labels name them.
key-undo = Strg+Z
key-redo = Strg+Y
shortcut-undo = zurücknehmen
shortcut-redo = wiederholen
shortcut-analysis = Analyse ein oder aus
shortcut-help-keys = F1 oder ?
shortcut-help = diese Liste der Tasten
game-over-title = Partie beendet
game-over-resigned = { $side ->
    [white] Weiß hat aufgegeben.
   *[black] Schwarz hat aufgegeben.
}
# $side has no pieces (or no capture) left, and wins by it.
game-over-stuck-wins = { $side ->
    [white] { $what ->
        [pieces] Weiß hat keine Steine mehr, und in diesem Spiel verliert der letzte Schlag.
       *[capture] Weiß hat keinen Schlag mehr, und in diesem Spiel verliert der letzte Schlag.
    }
   *[black] { $what ->
        [pieces] Schwarz hat keine Steine mehr, und in diesem Spiel verliert der letzte Schlag.
       *[capture] Schwarz hat keinen Schlag mehr, und in diesem Spiel verliert der letzte Schlag.
    }
}
# $side has no pieces (or no capture) left, and loses by it.
game-over-left = { $side ->
    [white] { $what ->
        [pieces] Weiß hat keine Steine mehr.
       *[capture] Weiß hat keinen Schlag mehr.
    }
   *[black] { $what ->
        [pieces] Schwarz hat keine Steine mehr.
       *[capture] Schwarz hat keinen Schlag mehr.
    }
}
game-over-turns = { $count ->
    [one] { $count } Zug gespielt.
   *[other] { $count } Züge gespielt.
}
game-over-rematch = Revanche
toast-saved = gespeichert unter { $path }

## The puzzles window

puzzles-title = Aufgaben: { $game }
puzzles-none = Für dieses Spiel gibt es noch keine Aufgaben.
puzzles-solved = { $solved } von { $count } gelöst. Spiele die Gewinnfolge gegen die beste Verteidigung des Lösers.
puzzles-easy = Leicht: Gewinn in 3 Zügen
puzzles-medium = Mittel: Gewinn in 5 Zügen
puzzles-hard = Schwer: Gewinn in 7 bis 11 Zügen
puzzles-hover = { $task } ({ $size })
puzzles-hover-solved = { $task } ({ $size }), gelöst
puzzle-task-text = { $side ->
    [white] Weiß am Zug gewinnt in { $count ->
        [one] { $count } Zug
       *[other] { $count } Zügen
    }
   *[black] Schwarz am Zug gewinnt in { $count ->
        [one] { $count } Zug
       *[other] { $count } Zügen
    }
}

## The positions and records window

records-title = Stellungen und Partienotationen
records-paste = Füge eine Stellung oder eine Partienotation ein:
records-paste-hint = WB2/4/4/2BW W, oder die Angaben und Züge einer Partienotation
records-play-record = Diese Partie spielen
records-play-record-hint = Die Züge der Partienotation nachspielen und ab ihrem Ende weiterspielen
records-play-position = Ab dieser Stellung spielen
records-play-position-hint = Eine neue Partie ab der Stellung, mit denselben Spielern
records-download = Partienotation herunterladen
records-downloading = { $file } wird heruntergeladen
records-open-file = Partiedatei öffnen…
records-save = Partienotation speichern…
records-save-position = Stellung speichern…
records-open = Partie oder Stellung öffnen…
records-open-hint = Eine Partie wird nachgespielt, eine Stellung beginnt eine neue Partie
records-last-file = Letzte Datei: { $file }
records-save-to-it = Dorthin speichern
records-open-it = Öffnen

## The review window

review-point = nach { $count ->
    [one] { $count } Zug
   *[other] { $count } Zügen
}: { $share } (Suchwert { $score })
review-even = ausgeglichen
review-turns-axis = Züge
review-save-picture = Bild speichern
review-download-picture = Bild herunterladen
review-evaluating = Stellungen werden bewertet: { $done } von { $count }
review-graph-note = Der Anteil von Weiß an der Partie nach der kurzen Suche des Programms; klicke, um zu einer Stellung zu gehen.
review-looking = Fehler: wird gesucht…
review-no-mistakes = Kein Zug hat viel Boden verloren.
review-swings = Wo die Bewertung am stärksten umschlug:
review-mistake = Zug { $number }: { $side ->
    [white] Weiß
   *[black] Schwarz
} { $turn }
review-mistake-better = Zug { $number }: { $side ->
    [white] Weiß
   *[black] Schwarz
} { $turn }; das Programm zog { $better } vor
review-show = Zeigen

## Why a click or a command is turned down

refusal-animating = warte, bis der Schlag zu Ende gezeigt ist
refusal-reviewing = du siehst dir eine frühere Stellung an
refusal-game-over = die Partie ist vorbei
refusal-cannot-resign = hier gibt es keine Partie von dir, die du aufgeben könntest
refusal-computers-turn = der Computer ist am Zug
refusal-opponents-turn = dein Gegner ist am Zug
refusal-must-keep-capturing = { $square } muss weiterschlagen
refusal-nothing-to-capture = der Stein auf { $square } kann nichts schlagen
refusal-choose-own = { $side ->
    [white] wähle einen deiner eigenen Steine (Weiß)
   *[black] wähle einen deiner eigenen Steine (Schwarz)
}
refusal-nothing-to-undo = nichts zurückzunehmen oder zu wiederholen
refusal-unknown-game = unbekannte Variante „{ $game }“
refusal-no-lesson = keine geführte erste Partie für { $game }

## The guided first game's steps

lesson-black-replies = Schwarz antwortet: { $turn }.
lesson-select-first = Du spielst Weiß. Ein Zug beginnt damit, dass einer deiner Steine einen gegnerischen schlägt. Wähle deinen Stein auf { $square }.
lesson-select-again = Du bist wieder am Zug. Wähle deinen Stein auf { $square }.
lesson-capture-first = Schlage den gegnerischen Stein auf { $square }: zieh auf sein Feld. Dieser erste Schlag legt die Schablone für den Rest des Zuges fest.
lesson-capture = Schlage auf { $square }.
lesson-template = Die Schablone ist jetzt { $template }, um deinen Stein gezeichnet. Jeder weitere Schlag dieses Zuges muss in sie passen. Versuche, auf { $square } zu schlagen: das passt nicht.
lesson-keep-capturing = Derselbe Stein muss weiterschlagen, solange ein Schlag passt. Schlage auf { $square }, das passt.
lesson-keep-going = Weiter: schlage auf { $square }.
lesson-win = Kein Schlag passt mehr, also ist der Zug vorbei, und Schwarz kann gar nicht mehr schlagen: Weiß gewinnt. Das ist jedes Burrow-Spiel: schlagen, weiterschlagen und dem Gegner nichts zum Schlagen lassen.

## The rules of the four games, as the rules window shows them
## (paragraphs are separated by a blank line)

rules-system =
    Jedes Feld beginnt mit einem Stein, im Schachbrettmuster aus Weiß und Schwarz; Weiß zieht zuerst. Wenn du am Zug bist, wähle einen deiner Steine und schlage einen gegnerischen Stein, indem du auf sein Feld ziehst. Dieser erste Schlag legt eine Schablone fest. Solange derselbe Stein einen Schlag hat, der in die Schablone passt, muss er einen solchen ausführen (gibt es mehrere, wählst du, welchen). Wege führen nur über leere Felder; Felder, die früher im selben Zug geleert wurden, gelten als leer.

    Wer zu Beginn seines Zuges keinen Eröffnungsschlag hat, verliert; daher gibt es kein Unentschieden.
rules-box =
    Bewegung: orthogonale Einzelschritte über leere Felder, wobei jedes Feld des Weges innerhalb des Rechtecks liegt, dessen gegenüberliegende Ecken der Stein und sein Ziel sind. Jeder solche Weg zählt, auch gewundene, nicht nur Treppen [Lesart des Projekts].

    Schablone: die Größe dieses Rechtecks, Breite × Höhe (der waagerechte und der senkrechte Abstand des Eröffnungsschlags).

    Spätere Schläge: ein gegnerischer Stein, der genau um die Breite seitwärts und um die Höhe nach oben oder unten vom Stein entfernt steht (an jeder der vier Ecken; Breite und Höhe werden nie vertauscht) und auf dieselbe Weise innerhalb seines eigenen Rechtecks erreicht wird. Ein Rechteck der Breite 0 oder der Höhe 0 ist eine gerade Strecke genau dieser Länge.
rules-path =
    Bewegung: eine Treppe aus orthogonalen Schritten über leere Felder: höchstens eine waagerechte und eine senkrechte Richtung, in beliebiger Reihenfolge gemischt.

    Schablone: die genaue Folge der Schritte, etwa N N E. Verschiedene Wege zum selben gegnerischen Stein sind verschiedene Schablonen, du wählst also den Weg, nicht nur das Ziel.

    Spätere Schläge: dieselbe Folge, gedreht oder gespiegelt auf jede der 8 Arten, die das Quadrat zulässt, und von dem Feld aus gegangen, auf dem der Stein steht; jedes Feld außer dem letzten muss leer sein, und auf dem letzten muss ein gegnerischer Stein stehen. Die Folge wird nie rückwärts gegangen: N N E erlaubt E E N, aber nicht E N N.
rules-sweep =
    Bewegung: eine Treppe aus orthogonalen Schritten über leere Felder: höchstens eine waagerechte und eine senkrechte Richtung, in beliebiger Reihenfolge gemischt.

    Schablone: die Menge der Richtungen, die der Eröffnungsschlag benutzt hat: eine Richtung bei einem geraden Schlag, zwei bei einem abgeknickten. Die Richtungen sind absolut (Norden bleibt Norden).

    Spätere Schläge: jede Treppe über leere Felder, die nur Richtungen der Schablone benutzt, jede davon beliebig oft und in beliebiger Reihenfolge. Nach einem geraden Schlag bleibt der Stein bei dieser einen Richtung.
rules-tumburrow =
    Bewegung, bei jedem Schlag: Königsschritte über leere Felder entlang eines Weges aus höchstens zwei verschiedenen Richtungen, die einander nicht entgegengesetzt sind [Lesart des Projekts], in beliebiger Reihenfolge gemischt. Die Richtungen gehen nicht in die Schablone ein.

    Schablone: Sobald der Eröffnungsschlag ausgeführt ist, zähle deine eigenen Steine, die der schlagende Stein von seinem neuen Feld aus entlang der acht Strahlen sieht, auf denen eine Dame zieht. Auf jedem Strahl zählt nur der erste Stein, auf den er trifft, und nur, wenn es deiner ist; jeder Stein versperrt den Strahl. Der Stein zählt sich nie selbst mit, und das Feld, das er verlassen hat, ist leer [Lesart des Projekts].

    Spätere Schläge: jeder Schlag (mit derselben Bewegung), nach dem dieselbe Zählung, auf dieselbe Weise vorgenommen, genau die Zahl der Schablone ergibt.
summary-box = Schlage weiter im selben Abstand seitwärts und nach oben oder unten.
summary-path = Schlage weiter entlang derselben Schritte, gedreht oder gespiegelt.
summary-sweep = Schlage weiter in den Richtungen des ersten Schlags.
summary-tumburrow = Schlage weiter dort, wo dein Stein gleich viele eigene Steine sieht.
example-box = Breite und Höhe werden nie vertauscht, und der Weg zu jedem Ziel darf sich winden, solange er innerhalb des eigenen Rechtecks dieses Ziels bleibt [Lesart des Projekts].
example-path = Jeder spätere Schlag geht vom Feld des Steins aus dieselben Schritte, gedreht oder gespiegelt, aber nie rückwärts.
example-sweep = Spätere Schläge dürfen nur die Richtungen des ersten benutzen (hier Osten und Süden), jede beliebig oft und in beliebiger Reihenfolge; Norden bleibt Norden.
example-tumburrow = Nach jedem Schlag muss der Stein dieselbe Anzahl eigener Steine sehen (eingekreist); ein gegnerischer Stein, der als erster auf einem Strahl steht, versperrt ihn (durchgekreuzt), und das Feld, das der Stein verlassen hat, ist leer [Lesart des Projekts].
example-design-chain = Ein Zug mit { $count } Schlägen: der erste legt die Schablone fest, und jeder spätere passt in sie.
example-design-single = Auf einem kleinen Brett kamen nur einzelne Schläge vor: diese Schablone lässt selten einen zweiten Schlag zu.
example-fixes = { $capture } legt die Schablone fest: { $template }.
example-then = Dann { $captures }, jeder davon passt in die Schablone; nach { $square } passt nichts mehr, also endet der Zug.
# The templates in words (the side panel, the lessons, the examples).
# Compass letters (N, E, S, W) and paths such as N N E are notation, as in
# records: they stay as they are in every language.
template-box = ein Rechteck { $width } breit und { $height } hoch
template-path = der Weg { $route }, gedreht oder gespiegelt
template-sweep-one = nur { $first }
template-sweep-two = nur { $first } und { $second }
template-sweep-many = nur { $directions }
template-count = { $count ->
    [one] { $count } eigener Stein in Sicht
   *[other] { $count } eigene Steine in Sicht
}
# Tumburrow's note on the square under the pointer.
note-sees-fits = sieht { $seen }: passt
note-sees-needs = sieht { $seen }, braucht { $needed }
note-sets-count = legt die Anzahl auf { $seen } fest

## Why a capture is not allowed (the rules' own explanations)

# A list's last two items: "a4, b4 and c4".
list-and = { $list } und { $last }
why-no-piece = auf { $square } steht kein Stein der Seite am Zug
why-empty = { $square } ist leer: ein Schlag landet auf einem gegnerischen Stein
why-own-piece = auf { $square } steht ein Stein derselben Seite
why-one-step = { $from } zieht nur einen Schritt auf einmal, und { $to } ist nicht einen Schritt entfernt
why-not-on-line = { $to } liegt auf keiner Linie, entlang der { $from } zieht
why-line-crosses = die Strecke von { $from } nach { $to } kreuzt { $square }
why-blocked = jeder Weg von { $from } nach { $to } ist versperrt (durch { $squares })
why-no-path = kein Weg aus den Schritten dieses Spiels führt von { $from } nach { $to }
why-misfit = { $capture } passt nicht in die Schablone ({ $template })
why-square-misfits = { $square } passt nicht in die Schablone
why-cannot-capture-on = { $piece } kann nicht auf { $square } schlagen
misfit-box = passt nicht: das Rechteck ist { $width } breit und { $height } hoch, dieser Schlag spannt { $spans_width } mal { $spans_height }
misfit-path-crosses = dieser Weg ({ $path } ab { $from }) kreuzt { $square }
misfit-path = passt nicht: keine Drehung oder Spiegelung des Wegs { $path } führt von { $from } nach { $to }
misfit-sweep = passt nicht: dieser Zug geht nur nach { $allowed }, und { $to } liegt { $needed } von { $from }
misfit-count = passt nicht: die Zahl ist { $count ->
    [one] { $count } eigener Stein
   *[other] { $count } eigene Steine
} in Sicht, und auf { $to } sähe der Stein { $seen }
# Compass directions in prose.
compass = { $way ->
    [north] Norden
    [south] Süden
    [east] Osten
    [west] Westen
    [north-east] Nordosten
    [north-west] Nordwesten
    [south-east] Südosten
    [south-west] Südwesten
   *[other] diagonal
}

# Where a square lies from another ("d4 lies north-east of b2").
compass-of = { $way ->
    [north] nördlich
    [south] südlich
    [east] östlich
    [west] westlich
    [north-east] nordöstlich
    [north-west] nordwestlich
    [south-east] südöstlich
    [south-west] südwestlich
   *[other] diagonal
}

## The title screen

title-tagline = schlagen und weiterschlagen
title-continue = Fortsetzen
title-choose = Wähle ein Spiel
title-board = Brett
title-files = { $count ->
    [one] { " " }Linie
   *[other] { " " }Linien
}
title-ranks = { $count ->
    [one] { " " }Reihe
   *[other] { " " }Reihen
}
title-start = Aufstellung
title-play = Spielen
title-rules = Regeln
title-lesson = Geführte erste Partie
title-puzzles = Aufgaben
title-online = Online
title-design = Spiel entwerfen
title-design-hint = Entwirf ausgehend von diesem ein eigenes Spiel
start-own = eigene Reihen
start-checkerboard = Schachbrett
start-pairs = Paare
start-checkerboard-hint = Abwechselnde Farben, a1 Schwarz: die Lesart dieses Projekts vom Text des Spielautors
start-pairs-hint = Reihen aus WWBB-Paaren, jede wie die darunter mit getauschten Farben: die Aufstellung, die Ludii für Sweep Burrow verwendet
start-rows-hint = Die eigenen Reihen des Spiels, Reihe 1 zuerst, über das Brett wiederholt: { $rows }
saved-summary = { $game } auf { $size }, { $who }, { $count ->
    [one] { $count } Zug gespielt
   *[other] { $count } Züge gespielt
}
saved-players = { $white } gegen { $black }
saved-puzzle = Aufgabe { $number }
saved-lesson = geführte erste Partie

## The settings window

settings-title = Einstellungen
settings-language = Sprache
settings-language-system = Systemsprache ({ $language })
settings-moves = Züge
settings-walk-speed = Tempo der Steine, Felder pro Sekunde (0 = sofort)
settings-think = Bedenkzeit des Computers in Sekunden (stärkste Stufe, Tipp)
settings-sound = Ton
settings-mute = Stumm
settings-volume = Lautstärke
settings-look = Aussehen
settings-ui-scale = Größe der Oberfläche
settings-online = Online
settings-ca-file = Eine Zertifizierungsstelle, der bei wss://-Servern zusätzlich zu den üblichen vertraut wird (etwa die eines selbst betriebenen Servers)
settings-ca-none = keine
settings-choose = Auswählen…
settings-forget = Entfernen
settings-read-notes = Beim Lesen der Einstellungen
theme-classic = Klassisch
theme-high-contrast = Hoher Kontrast
theme-green = Grün

## Online play: the table in the side panel, the window's header, the banners

online-title = Online
online-connecting-to = Verbinde mit { $server }…
online-reconnecting = Verbindung verloren: verbinde neu…
online-lost-banner = Verbindung zum Server verloren: verbinde neu…
online-no-undo = Eine Online-Partie kennt kein Zurücknehmen: Jeder Zug ist endgültig.
online-code = Code
online-copy-link = Link kopieren
online-waiting-server = Warte auf den Server…
online-waiting-player = Warte auf den anderen Spieler: schick ihm den Code oder den Link.
online-rated-game = Gewertete Partie
online-resign = Aufgeben
online-rematch-offered = Revanche angeboten
online-leave = Verlassen
online-computer = Computer ({ $level })
online-free-seat = (freier Platz)
online-you = { $name } (du)
online-your-turn-in = Du bist am Zug in Partie { $code }
online-open = Öffnen
online-won-no-capture = { $side ->
    [white] Weiß hat gewonnen: der Verlierer konnte nicht mehr schlagen
   *[black] Schwarz hat gewonnen: der Verlierer konnte nicht mehr schlagen
}
online-won-stuck = { $side ->
    [white] Weiß hat gewonnen: der Gewinner konnte nicht mehr schlagen (der letzte Schlag verliert)
   *[black] Schwarz hat gewonnen: der Gewinner konnte nicht mehr schlagen (der letzte Schlag verliert)
}
online-won-time = { $side ->
    [white] Weiß hat auf Zeit gewonnen
   *[black] Schwarz hat auf Zeit gewonnen
}
online-won-resigned = { $side ->
    [white] Weiß hat gewonnen: der Verlierer hat aufgegeben
   *[black] Schwarz hat gewonnen: der Verlierer hat aufgegeben
}
online-server = Server
online-server-hint = Host:Port eines `burrow serve`
online-connect = Verbinden
online-signed-in-as = Angemeldet als { $name }
online-guest = Du spielst als Gast
online-connecting = Verbinde…
online-trying-again = Nicht verbunden: neuer Versuch…
online-not-connected = Nicht verbunden
online-tab-play = Spielen
online-tab-lobby = Lobby
online-tab-my-games = Meine Partien
online-tab-players = Spieler
online-tab-account = Konto
online-game = Spiel
online-clock = Uhr
clock-none = ohne Uhr
clock-days = { $count ->
    [one] { $count } Tag pro Zug
   *[other] { $count } Tage pro Zug
}
clock-live = { $minutes } Min. + { $seconds } s

## The designer

designer-title = Spiel entwerfen
designer-start-from = Ausgehend von
designer-a-game = einem Spiel…
designer-copy-name = Mein { $name }
designer-name = Name
designer-id = ID
designer-id-hint = Kleinbuchstaben, Ziffern, Bindestriche
designer-summary = Kurzbeschreibung
designer-movement = Bewegung
designer-template = Schablone
designer-board-and-end = Brett und Spielende
designer-try-on = Ausprobieren auf
designer-against = gegen
designer-both-sides = Mensch (beide Seiten hier)
designer-try = Ausprobieren
designer-save = Speichern
designer-download = Datei herunterladen
designer-save-copy = Kopie speichern…
designer-save-copy-hint = Die Spieldatei, gespeichert an einem Ort deiner Wahl
designer-copy-text = Text kopieren
designer-text-copied = die Spieldatei ist in der Zwischenablage
designer-link-hint = Ein Link zur Webseite unter { $page }, der diesen Entwurf öffnet
designer-link-copied = ein Link zu { $page } mit dem Entwurf ist in der Zwischenablage
designer-report = Bericht
designer-measuring = wird gemessen: { $done } von { $count }
designer-measured = gemessen: { $done } von { $count }
designer-stop = Abbrechen
designer-train = Computer trainieren
designer-train-hint = Der Computer spielt dieses Spiel gegen sich selbst und lernt, seine Stellungen zu bewerten (bis zu 10 Minuten, im Hintergrund). Seine stärkste Stufe und der Tipp nutzen dann, was er gelernt hat.
designer-training = Training: Generation { $generation } von { $count }
designer-trained = trainiert: { $count } { $count ->
    [one] Generation
   *[other] Generationen
}
designer-training-minutes = { $count } Min.
designer-generation = Generation { $generation }: { $score } % gegen die vorige (Elo { $elo }), { $kept ->
    [yes] übernommen
   *[no] verworfen
}
designer-weights-kept = Was der Computer gelernt hat, liegt in { $place }
designer-weights-not-kept = Was der Computer gelernt hat, konnte nicht gespeichert werden: { $why }
designer-earlier-version = (zu einer früheren Fassung des Entwurfs)
designer-warning = Warnung: { $why }
designer-open-intro = Entwurf öffnen: füge seine Spieldatei oder seinen Teilcode ein oder öffne seine Datei.
designer-open-file = Datei öffnen…
designer-game-file = Die Spieldatei
designer-a-game-holds = Ein Spiel: jede Regel des Systems ist erfüllt.
designer-its-rules = Seine Regeln und ein Beispiel
designer-not-a-game = Noch kein Spiel: { $why }
designer-not-yet = der Entwurf ist noch kein Spiel (siehe oben)
designer-written-in-rust = `{ $game }` ist in Rust geschrieben, nicht in einer Spieldatei: gehe von einem anderen Spiel aus
designer-opened = { $name } geöffnet
designer-not-opened = nicht geöffnet: { $why }
designer-no-home = nicht gespeichert: dieser Rechner nennt keinen Benutzerordner
designer-not-saved = nicht unter { $path } gespeichert: { $why }
designer-downloaded = als { $file } heruntergeladen
designer-figures = { $size }: { $turns ->
    [one] { $turns } erster Zug
   *[other] { $turns } erste Züge
}, der längste mit { $count ->
    [one] { $count } Schlag
   *[other] { $count } Schlägen
}
designer-figures-explode = { $size }: die ersten Züge überschreiten { $states } Schlagfolgen: die Ketten explodieren
# The board's rules.
designer-start = Aufstellung
designer-start-hint = Wie die Steine stehen; Weiß zieht zuerst. Reihen: W Weiß, B Schwarz, . leer, Reihe 1 zuerst; jede wird entlang ihrer Reihe wiederholt und die Reihen das Brett hinauf.
designer-rows-written = ausgeschriebene Reihen
designer-boards = Bretter
designer-boards-hint = Die Größen, auf denen es gespielt wird: jedes Brett vom kleinsten bis zum größten.
designer-from = von
designer-to = bis
designer-end = Spielende
designer-end-hint = Wer gewinnt, wenn der Spieler am Zug keinen Schlag hat. Jeder Zug entfernt einen Stein, also gibt es so oder so kein Unentschieden.
designer-end-wins = der letzte Schlag gewinnt
designer-end-loses = der letzte Schlag verliert
# The movement's rules.
designer-steps = Schritte
designer-steps-hint = Wohin ein Schritt führt. (Eine Spieldatei kann auch eigene Schritte auflisten.)
designer-steps-listed = (in der Datei aufgelistet)
steps-orthogonal = orthogonal
steps-orthogonal-hint = Norden, Osten, Süden, Westen
steps-diagonal = diagonal
steps-diagonal-hint = die vier Diagonalen
steps-king = König
steps-king-hint = alle acht Richtungen
steps-knight = Springer
steps-knight-hint = zwei in die eine Richtung, eins in die andere
designer-path = Weg
path-single = einzeln
path-single-hint = ein Schritt, nicht mehr
path-straight = gerade
path-straight-hint = ein Schritt, geradeaus wiederholt
path-two-directions = zwei Richtungen
path-two-directions-hint = eine Treppe aus zwei Arten von Schritten
path-within-box = im Rechteck
path-within-box-hint = beliebige Schritte innerhalb des Rechtecks aus Stein und Ziel
designer-jumping = Springen
designer-jumping-check = der Weg darf über Steine führen
jumping-on-hint = Steine auf dem Weg halten einen Schlag nicht auf.
jumping-off-hint = Jedes Feld vor dem Ziel muss leer sein.
# The template's measures.
designer-template-intro = Ein späterer Schlag passt, wenn jedes eingeschaltete Maß mit dem des Eröffnungsschlags übereinstimmt. In jedem Bild ist der Eröffnungsschlag orange und ein späterer, passender Schlag blau.
measure-off = aus
measure-exactly = genau
measure-turned = oder gedreht
measure-mirrored = oder gespiegelt
measure-any-image = oder gedreht und gespiegelt
measure-either-way = in beiden Ausrichtungen
measure-box = Rechteck
measure-box-hint = Das umschließende Rechteck: gleich viele Felder seitwärts und gleich viele nach oben oder unten.
measure-route = Route
measure-route-hint = Die genauen Schritte des Eröffnungsschlags, in ihrer Reihenfolge.
measure-directions = Richtungen
measure-directions-hint = Nur die Himmelsrichtungen, in die der Eröffnungsschlag ging.
measure-offset = Versatz
measure-offset-hint = Derselbe Vektor, so viele seitwärts und so viele nach oben (im Bild gespiegelt).
measure-distance = Entfernung
measure-distance-hint = Dieselbe Länge des Schlags.
measure-king-walks = wie der König zieht
measure-orthogonal-steps = in orthogonalen Schritten
measure-line = Gerade
measure-line-hint = Das Ziel liegt auf der Geraden des Eröffnungsschlags, in beiden Richtungen.
measure-same-line = dieselbe Gerade
measure-count = Anzahl
measure-count-hint = Wie viele Steine der Stein nach der Landung sieht, verglichen mit der Zahl nach dem Eröffnungsschlag.
count-on = Steine in Sicht zählen
count-as-many = gleich viele
count-at-least = mindestens so viele
count-at-most = höchstens so viele
count-friends = eigene Steine
count-enemies = gegnerische Steine
count-pieces = Steine
count-along = entlang der
count-eight-lines = acht Strahlen
count-ranks-files = Reihen und Linien
count-diagonals = Diagonalen

## The web page's loader (shown before the game runs: one line each; the
## build copies them into the page)

page-loading = Wird geladen…
page-loading-label = Das Spiel wird geladen
page-downloading = { $received } von { $total } MB heruntergeladen
page-starting = Wird gestartet…
page-failed = Burrow konnte nicht starten: { $why }
page-retry = Erneut versuchen
page-no-wasm = dieser Browser kann kein WebAssembly ausführen
page-no-webgl = dieser Browser kann nicht mit WebGL2 zeichnen (versuche, die Hardwarebeschleunigung einzuschalten)

## The settings' and the saved game's notices

settings-notice-problem = Einstellungen, Zeile { $line }: `{ $key }` { $problem }; der Standardwert wird verwendet
settings-notice-wrong-type = muss { $expected ->
    [number] eine Zahl
    [flag] true oder false
    [text] Text in Anführungszeichen
   *[puzzles] eine Liste von Aufgaben in Anführungszeichen
} sein, gefunden: { $found }
settings-notice-found-text = „{ $text }“
settings-notice-found-number = die Zahl { $number }
settings-notice-found-flag = { $flag }
settings-notice-found-date = ein Datum
settings-notice-found-list = eine Liste
settings-notice-found-table = eine Tabelle
settings-notice-out-of-range = muss zwischen { $min } und { $max } liegen, gefunden: { $found }
settings-notice-unknown-language = muss einer der Codes { $known } sein, gefunden: „{ $found }“
settings-notice-unknown-theme = muss classic, green oder high-contrast sein, gefunden: „{ $found }“
settings-notice-window-size = muss BREITExHÖHE von { $min_width }x{ $min_height } bis { $max_width }x{ $max_height } sein, gefunden: „{ $found }“
settings-notice-not-session = muss der Hex-Text des Servers sein
settings-notice-unreadable = die Einstellungen lassen sich nicht als TOML lesen: { $why }; die Standardwerte werden verwendet
settings-notice-kept = die bisherigen Einstellungen liegen in { $file }
settings-notice-kept-page = die bisherigen Einstellungen liegen im Speicher der Seite ({ $key })
settings-notice-not-kept = die bisherigen Einstellungen konnten nicht aufbewahrt werden ({ $file }: { $why })
settings-notice-not-saved = die Einstellungen konnten nicht gespeichert werden: { $why }
settings-notice-no-home = kein Benutzerordner
settings-notice-save-file = { $file }: { $why }
settings-notice-no-storage = der lokale Speicher ist nicht verfügbar
settings-notice-storage-refused = der lokale Speicher hat die Einstellungen abgelehnt
settings-notice-not-toml = die Einstellungen lassen sich nicht als TOML schreiben: { $why }
saved-notice-unreadable = Die gespeicherte Partie lässt sich nicht lesen ({ $why }). Sie liegt jetzt in { $file }; eine neue Partie beginnt.
saved-notice-unreadable-page = Die gespeicherte Partie lässt sich nicht lesen ({ $why }). Sie liegt jetzt im Speicher der Seite unter { $key }; eine neue Partie beginnt.
saved-notice-unreadable-stays = Die gespeicherte Partie lässt sich nicht lesen ({ $why }). Sie konnte nicht beiseitegelegt werden ({ $error }) und liegt weiter in { $file }; eine neue Partie beginnt.
saved-notice-not-record = sie ist keine Partienotation: { $why }
saved-notice-no-saved-tag = ihr fehlt die Angabe `Saved` (keine gespeicherte Partie)
saved-notice-newer = sie wurde von einer neueren Version von Burrow gespeichert (Format { $form }; diese liest Format { $reads })
saved-notice-bad-version = ihre Angabe `Saved` „{ $tag }“ ist keine Version
saved-notice-bad-player = „{ $player }“ ist kein Spieler, den dieses Spiel kennt
saved-notice-bad-mode = ihre Angabe `Mode` „{ $tag }“ ist weder eine freie Partie noch eine Aufgabe noch eine geführte Partie
saved-notice-no-replay = ihre Züge lassen sich nicht nachspielen: { $why }
saved-notice-cannot-save = die Partie kann nicht in { $folder } gespeichert werden: { $why }
saved-notice-page-refused = der Speicher der Seite hat die gespeicherte Partie abgelehnt
