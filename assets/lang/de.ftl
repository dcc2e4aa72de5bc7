# Burrow's words in German (Deutsch), translated from en.ftl.
#
# Glossary (how this file renders the game's own terms; en.ftl says what
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
template-unset = Schablone: legt der nächste Eröffnungsschlag fest
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
analysis-sign = Die Zahl jedes Zugs gilt für die Seite, die ihn spielt: + ist gut für sie.
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
