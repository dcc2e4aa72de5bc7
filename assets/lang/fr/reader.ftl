# Burrow's words in French: the screen reader's side of the game, the
# command field's answers and the announcements of captures, spoken by the
# player's screen reader. The glossary is at the top of game.ftl in this
# folder; English (en/reader.ftl) is the catalogue the other languages
# follow.
#
# Keep them short and plain: they are heard, not read. Squares (d4), turns
# (d4xd6xb6, d4xe6/NNE) and route letters (N, E, NNE) stay as they are;
# the command letters (b, r, f, p, m, s, t, l, c, o, h) are the same in
# every language. The player is addressed with "vous"; a piece's colour is
# an adjective agreeing with "pièce" (blanche, noire); capturing on a
# square is "prendre en d6", as in game.ftl.

reader-none = aucune
reader-piece = { $side ->
    [white] blanche
   *[black] noire
}
reader-empty = vide
reader-run = { $first } à { $last } { $what }
reader-line = { $kind ->
    [rank] Rangée
   *[file] Colonne
} { $line } : { $squares }.
reader-no-such-line = Ce plateau n'a ni rangée ni colonne { $line }.
# A capture as it is made: "Blancs : d4 prend d6."
reader-capture = { $side ->
    [white] Blancs
   *[black] Noirs
} : { $from } prend { $to }.
reader-template-set = Gabarit : { $template }.
reader-goes-on = Le tour continue : { $squares } { $count ->
    [one] entre dans le gabarit.
   *[other] entrent dans le gabarit.
}
reader-turn-ends = Le tour est fini.
reader-board = Trait aux { $side ->
    [white] Blancs
   *[black] Noirs
}. Les Blancs ont { $white } { $white ->
    [one] pièce
   *[other] pièces
}, dont { $white_capturers } en mesure de prendre ; les Noirs en ont { $black }, dont { $black_capturers } en mesure de prendre.
reader-capturers = { $count ->
    [0] { $side ->
        [white] Les Blancs n'ont
       *[black] Les Noirs n'ont
    } aucune prise.
   *[other] { $side ->
        [white] Les Blancs
       *[black] Les Noirs
    } peuvent prendre avec { $count } { $count ->
        [one] pièce
       *[other] pièces
    } : { $squares }.
}
reader-capturers-mid-turn = Seule la pièce en { $square } prend jusqu'à la fin du tour. Tapez t pour savoir ce qui entre dans le gabarit.
reader-moves = { $count ->
    [0] La pièce en { $square } n'a aucune prise.
   *[other] La pièce en { $square } peut prendre en { $squares }.
}
reader-moves-empty = { $square } est vide.
reader-moves-not-to-move = La pièce en { $square } appartient aux { $side ->
    [white] Blancs
   *[black] Noirs
}, qui n'ont pas le trait.
reader-square-empty = { $square } : vide.
reader-off-board = { $square } n'est pas sur ce plateau.
reader-square = { $square } : pièce { $side ->
    [white] blanche
   *[black] noire
}. { $targets ->
    [0] Elle n'a aucune prise.
   *[other] Elle peut prendre en { $target_squares }.
} { $attackers ->
    [0] Aucune prise initiale adverse ne l'atteint.
   *[other] Une prise initiale adverse peut la prendre depuis { $attacker_squares }.
}
reader-no-template = Aucun tour en cours : la prochaine prise initiale fixera le gabarit.
reader-template = Gabarit : { $template }. La pièce en { $square } { $count ->
    [0] n'a aucune prise qui entre dans le gabarit.
    [one] doit prendre en { $squares }.
   *[other] doit prendre en l'une de ces cases : { $squares }.
}
reader-no-last = Aucun tour n'a encore été joué.
reader-last = { $side ->
    [white] Les Blancs
   *[black] Les Noirs
} ont joué { $turn } et pris en { $squares }.
reader-clocks = Blancs { $white }, Noirs { $black }.
reader-no-clocks = Cette partie n'a pas de pendule.
reader-analysis-working = L'analyse étudie cette position ; tapez a de nouveau dans un instant.
reader-analysis = { $verdict }. Meilleurs tours : { $best }.
reader-you-play = Vous jouez les { $side ->
    [white] Blancs
   *[black] Noirs
} contre { $opponent }.
reader-players = Blancs : { $white }. Noirs : { $black }.
reader-help = Tapez un tour comme d4xd6xb6, ou sa première prise, d4xd6, puis chaque case suivante ; une case seule, comme d4, vaut un clic sur elle (une pièce prise en main, ou la prise sur cette case). Dans Path Burrow, ajoutez le trajet quand il y en a plusieurs : d4xe6/NNE. Commandes : b le plateau, r 4 une rangée, f d une colonne, p les pièces qui peuvent prendre, m c4 les prises d'une pièce, s d4 une case, t le gabarit, l le dernier tour, c les pendules, a l'analyse, o les joueurs, h cette aide.
reader-game-over = La partie est terminée.
reader-not-your-turn = C'est aux { $side ->
    [white] Blancs
   *[black] Noirs
} de jouer, pas à vous.
reader-turn-under-way = Un tour est en cours : tapez la case suivante, ou t pour savoir ce qui entre dans le gabarit.
reader-no-turn-under-way = Aucun tour en cours : commencez-en un depuis l'une de vos pièces, par exemple d4xd6.
reader-which-route = Plusieurs chemins y mènent ; précisez lequel : { $routes }.
reader-refused = Non joué : { $why }.
reader-empty-line = Tapez un tour ou une commande ; h pour l'aide.
reader-unknown = « { $text } » n'est pas une commande. Tapez h pour l'aide.
reader-needs-square = { $command } demande une case, par exemple { $command } d4{ $given ->
    [none] .
   *[other] , et non « { $given } ».
}
reader-needs-line = { $command ->
    [r] r demande un numéro de rangée, par exemple r 4
   *[other] f demande une lettre de colonne, par exemple f d
}{ $given ->
    [none] .
   *[other] , et non « { $given } ».
}
reader-bad-turn = « { $text } » n'est pas un tour : écrivez-le comme d4xd6xb6.
# The side panel's part: its heading, the field's hint and the View menu's switch.
reader-title = Lecteur d'écran
reader-field-hint = Un tour (d4xd6) ou une commande (h pour l'aide), puis Entrée
reader-field = Commande
reader-said = Ce que le jeu a dit
reader-no-game = Aucune partie en cours : commencez-en une depuis l'écran d'accueil.
menu-screen-reader = Lecteur d'écran
menu-screen-reader-hint = Un champ de commande pour les tours et les questions sur le plateau, et chaque prise annoncée en mots, pour jouer avec un lecteur d'écran.
online-dismiss = Masquer
window-close = Fermer la fenêtre
