# Burrow's words in German: the screen reader's side of the game, the
# command field's answers and the announcements of captures, spoken by the
# player's screen reader. The glossary is at the top of game.ftl in this
# folder; English (en/reader.ftl) is the catalogue the other languages
# follow.
#
# Keep them short and plain: they are heard, not read. Squares (d4), turns
# (d4xd6xb6, d4xe6/NNE) and route letters (N, E, NNE) stay as they are;
# the command letters (b, r, f, p, m, s, t, l, c, o, h) are the same in
# every language. The player is addressed with "du"; quotations use „…“; a
# piece's colour is an adjective (weiß, schwarz); capturing on a square is
# "auf d6 schlagen", as in game.ftl.

reader-none = keine
reader-piece = { $side ->
    [white] weiß
   *[black] schwarz
}
reader-empty = leer
reader-run = { $first } bis { $last } { $what }
reader-line = { $kind ->
    [rank] Reihe
   *[file] Linie
} { $line }: { $squares }.
reader-no-such-line = Auf diesem Brett gibt es keine Reihe und keine Linie { $line }.
# A capture as it is made: "Weiß: d4 schlägt d6."
reader-capture = { $side ->
    [white] Weiß
   *[black] Schwarz
}: { $from } schlägt { $to }.
reader-template-set = Schablone: { $template }.
reader-goes-on = Der Zug geht weiter: { $squares } { $count ->
    [one] passt.
   *[other] passen.
}
reader-turn-ends = Der Zug ist vorbei.
reader-board = { $side ->
    [white] Weiß
   *[black] Schwarz
} am Zug. Weiß hat { $white } { $white ->
    [one] Stein
   *[other] Steine
}, davon { $white_capturers } mit Schlagmöglichkeit; Schwarz hat { $black }, davon { $black_capturers } mit Schlagmöglichkeit.
reader-capturers = { $count ->
    [0] { $side ->
        [white] Weiß hat
       *[black] Schwarz hat
    } keinen Schlag.
   *[other] { $side ->
        [white] Weiß
       *[black] Schwarz
    } kann mit { $count } { $count ->
        [one] Stein
       *[other] Steinen
    } schlagen: { $squares }.
}
reader-capturers-mid-turn = Nur der Stein auf { $square } schlägt, bis der Zug endet. Tippe t für die passenden Schläge.
reader-moves = { $count ->
    [0] Der Stein auf { $square } hat keinen Schlag.
   *[other] Der Stein auf { $square } kann auf { $squares } schlagen.
}
reader-moves-empty = { $square } ist leer.
reader-moves-not-to-move = Der Stein auf { $square } ist { $side ->
    [white] weiß, und Weiß ist nicht am Zug.
   *[black] schwarz, und Schwarz ist nicht am Zug.
}
reader-square-empty = { $square }: leer.
reader-off-board = { $square } liegt nicht auf diesem Brett.
reader-square = { $square }: { $side ->
    [white] weißer
   *[black] schwarzer
} Stein. { $targets ->
    [0] Er hat keinen Schlag.
   *[other] Er kann auf { $target_squares } schlagen.
} { $attackers ->
    [0] Kein gegnerischer Eröffnungsschlag erreicht ihn.
   *[other] Ein gegnerischer Eröffnungsschlag von { $attacker_squares } aus kann ihn schlagen.
}
reader-no-template = Es läuft kein Zug: Der nächste Eröffnungsschlag legt die Schablone fest.
reader-template = Schablone: { $template }. Der Stein auf { $square } { $count ->
    [0] hat keinen passenden Schlag.
    [one] muss auf { $squares } schlagen.
   *[other] muss auf einem dieser Felder schlagen: { $squares }.
}
reader-no-last = Es wurde noch kein Zug gespielt.
reader-last = { $side ->
    [white] Weiß
   *[black] Schwarz
} hat { $turn } gespielt und auf { $squares } geschlagen.
reader-clocks = Weiß { $white }, Schwarz { $black }.
reader-no-clocks = Diese Partie hat keine Uhr.
reader-analysis-working = Die Analyse untersucht diese Stellung; tippe gleich noch einmal a.
reader-analysis = { $verdict }. Beste Züge: { $best }.
reader-you-play = Du spielst { $side ->
    [white] Weiß
   *[black] Schwarz
} gegen { $opponent }.
reader-players = Weiß: { $white }. Schwarz: { $black }.
reader-help = Tippe einen Zug wie d4xd6xb6 oder seinen ersten Schlag, d4xd6, und dann jedes nächste Feld; ein Feld allein, etwa d4, ist ein Klick darauf (ein Stein aufgenommen oder der Schlag dorthin). In Path Burrow hänge die Route an, wenn es mehrere gibt: d4xe6/NNE. Befehle: b das Brett, r 4 eine Reihe, f d eine Linie, p die Steine mit Schlagmöglichkeit, m c4 die Schläge eines Steins, s d4 ein Feld, t die Schablone, l der letzte Zug, c die Uhren, a die Analyse, o die Spieler, h diese Hilfe.
reader-game-over = Die Partie ist vorbei.
reader-not-your-turn = { $side ->
    [white] Weiß
   *[black] Schwarz
} ist am Zug, nicht du.
reader-turn-under-way = Ein Zug läuft: Tippe das nächste Feld oder t für die passenden Schläge.
reader-no-turn-under-way = Es läuft kein Zug: Beginne einen mit einem deiner Steine, etwa d4xd6.
reader-which-route = Mehrere Wege führen dorthin; sag, welchen: { $routes }.
reader-refused = Nicht gespielt: { $why }.
reader-empty-line = Tippe einen Zug oder einen Befehl; h für Hilfe.
reader-unknown = „{ $text }“ ist kein Befehl. Tippe h für Hilfe.
reader-needs-square = { $command } braucht ein Feld, etwa { $command } d4{ $given ->
    [none] .
   *[other] , nicht „{ $given }“.
}
reader-needs-line = { $command ->
    [r] r braucht eine Reihennummer, etwa r 4
   *[other] f braucht einen Linienbuchstaben, etwa f d
}{ $given ->
    [none] .
   *[other] , nicht „{ $given }“.
}
reader-bad-turn = „{ $text }“ ist kein Zug: Schreib ihn wie d4xd6xb6.
# The side panel's part: its heading, the field's hint and the View menu's switch.
reader-title = Screenreader
reader-field-hint = Ein Zug (d4xd6) oder ein Befehl (h für Hilfe), dann Enter
reader-field = Befehl
reader-said = Was das Spiel gesagt hat
reader-no-game = Keine Partie läuft: Beginnen Sie eine auf dem Startbildschirm.
menu-screen-reader = Screenreader
menu-screen-reader-hint = Ein Befehlsfeld für Züge und Fragen zum Brett, und jeder Schlag wird in Worten angesagt: zum Spielen mit einem Screenreader.
online-dismiss = Ausblenden
window-close = Fenster schließen
