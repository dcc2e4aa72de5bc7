# Burrow's words in French (français). This file follows en/game.ftl: the same
# messages, with the same arguments.
#
# Glossary: how the game's own terms (see the glossary in en/game.ftl) are
# rendered in French, used the same way everywhere in this file:
# - Burrow and the four games' names (Box Burrow, Path Burrow, Sweep
#   Burrow, Tumburrow) are names: kept as they are, not translated.
# - capture (noun): prise; to capture: prendre ("keep capturing":
#   continuer à prendre).
# - initial capture: prise initiale.
# - template: gabarit (fixed by the initial capture: "fixé par la prise
#   initiale").
# - fit: a capture "entre dans le gabarit" (or "correspond au gabarit").
# - turn: tour (a side's whole move; "Jouer un tour", "le tour 12").
# - chain: chaîne.
# - White, Black: les Blancs, les Noirs, as in French chess (plural,
#   capitalised): « Trait aux Blancs », « Les Blancs gagnent ». Alone as a
#   label: Blancs, Noirs. "Side" in general: camp.
# - board: plateau; square: case; piece: pièce.
# - file (a column, a-h): colonne; rank (a row, 1-8): rangée.
# - puzzle: problème.
# - lesson, guided first game: première partie guidée (short: partie
#   guidée, e.g. as the name of the player the lesson plays).
# - record: relevé de partie (short: relevé).
# - position: position.
# - solver: solveur; hint: indice; undo / redo: annuler / rétablir.
# - Moves (the list of the turns played): coups; a piece's movement on the
#   board (animation): déplacement.
# - Design a game: créer un jeu.
#
# Typography: a no-break space (U+00A0) before ":", ";", "!" and "?",
# guillemets « » with no-break spaces inside, the ellipsis "…" as in
# English.
# Numbers are formatted by the game (decimal comma, thin no-break space
# between thousands). Plurals follow CLDR French: 0 and 1 are [one].

## Sides and players

side = { $side ->
    [white] Blancs
   *[black] Noirs
}
player-human = Humain
player-computer = Ordinateur ({ $level })
player-defender = Solveur (meilleure défense)
player-scripted = Partie guidée
player-remote = En ligne
level-random = aléatoire
level-greedy = glouton
level-easy = facile
level-medium = moyen
level-hard = difficile
level-strongest = le plus fort

## The side panel's menus

menu-game = Partie
menu-new-game = Nouvelle partie…
menu-copy-position = Copier la position
menu-copy-record = Copier le relevé
menu-positions-records = Positions et relevés…
menu-positions-records-hint = Coller une position ou un relevé ; enregistrer ou ouvrir des fichiers de relevé
menu-resign = { $side ->
    [white] Abandonner (Blancs)
   *[black] Abandonner (Noirs)
}
menu-view = Affichage
menu-flip-board = Retourner le plateau
menu-analysis = Analyse (A)
menu-analysis-hint = Le solveur marque chaque tour comme gagnant ou perdant, preuve à l'appui
menu-play = Jouer
menu-puzzles = Problèmes…
menu-online = En ligne…
menu-lesson = Première partie guidée
menu-design = Créer un jeu…
menu-design-hint = Créer votre propre jeu à partir de celui-ci
menu-rules = Règles
menu-rules-of-game = Règles de ce jeu
menu-shortcuts = Raccourcis clavier
menu-settings = Paramètres

## The side panel: players, status, actions, moves, analysis

pieces-count = { $count ->
    [one] { $count } pièce
   *[other] { $count } pièces
}
outcome-wins = { $side ->
    [white] Les Blancs gagnent
   *[black] Les Noirs gagnent
}
outcome-resigned = { $side ->
    [white] Les Blancs gagnent : les Noirs ont abandonné
   *[black] Les Noirs gagnent : les Blancs ont abandonné
}
to-move = { $side ->
    [white] Trait aux Blancs
   *[black] Trait aux Noirs
}
thinking = réflexion…
template-now = Gabarit : { $template }
template-must-keep = La pièce en { $square } doit continuer à prendre tant qu'une prise entre dans le gabarit.
template-unset = Gabarit : fixé par la prochaine prise initiale
route-of = Trajet { $index } sur { $count } (Tab ou clic droit pour le suivant)
viewing-after = Vous voyez la position après le tour { $turn }
puzzle-task = Problème : { $task }
puzzle-checking = Le solveur vérifie votre tour…
puzzle-solved = Résolu !
puzzle-turns-to-go = { $count ->
    [one] { $count } tour restant
   *[other] { $count } tours restants
}
puzzle-take-back = Annuler le tour
puzzle-restart = Recommencer le problème
puzzle-next = Problème suivant
action-undo = Annuler
action-redo = Rétablir
action-hint = Indice
action-hint-hint = Le niveau le plus fort propose un tour
action-review = Bilan
action-review-hint = La courbe d'évaluation de la partie et ses erreurs
action-new-game = Nouvelle partie
action-new-game-hint = Retour au menu des jeux
hint-turn = Indice : { $turn }
computer-stopped = L'ordinateur a cessé de jouer : { $why }
computer-pause = Suspendre l'ordinateur
computer-resume = Relancer l'ordinateur
computer-step = Jouer un tour
moves-heading = Coups (cliquer pour afficher)
moves-back = Retour à la partie
analysis-heading = Analyse (A pour masquer)
analysis-sign = Le chiffre de chaque tour vaut pour le camp qui le joue : sa chance de gagner, ou une victoire (W) ou une défaite (L) prouvée en autant de tours.
analysis-stopped = L'analyse s'est arrêtée : { $why }
analysis-solving = résolution…
analysis-wins-in = { $side ->
    [white] Les Blancs gagnent
   *[black] Les Noirs gagnent
} en { $count } { $count ->
    [one] tour
   *[other] tours
} (prouvé)
analysis-loses-in = { $side ->
    [white] Les Blancs perdent
   *[black] Les Noirs perdent
} en { $count } { $count ->
    [one] tour
   *[other] tours
} (prouvé)
analysis-wins = { $side ->
    [white] Les Blancs gagnent (prouvé ; distance encore inconnue)
   *[black] Les Noirs gagnent (prouvé ; distance encore inconnue)
}
analysis-loses = { $side ->
    [white] Les Blancs perdent (prouvé ; distance encore inconnue)
   *[black] Les Noirs perdent (prouvé ; distance encore inconnue)
}
analysis-not-proven = Pas encore prouvé ; { $ahead }
analysis-positions = { $count ->
    [one] { $count } position examinée
   *[other] { $count } positions examinées
}
analysis-more-turns = … { $count } tours en tout
# $side is the side ahead; $mover the side to move, for whom $score counts.
ahead = { $side ->
    [white] les Blancs mènent
   *[black] les Noirs mènent
} ({ $score } pour { $mover ->
    [white] les Blancs
   *[black] les Noirs
})
about-even = à peu près équilibré ({ $score } pour { $mover ->
    [white] les Blancs
   *[black] les Noirs
})

## The guided first game in the side panel

lesson-title = Première partie guidée : { $game }
lesson-step = Étape { $step } sur { $count }
lesson-game-said = Le jeu a répondu : « { $why } »
lesson-off-script = Ce n'est pas le tour prévu ici. Annulez-le pour continuer.
lesson-play-real = Jouer une vraie partie
lesson-again = Recommencer
lesson-leave = Quitter la partie guidée
lesson-leave-hint = Continuer à partir d'ici contre l'ordinateur

## The rules window, the keyboard shortcuts and the game-over dialog

rules-title = Règles : { $game }
rules-shared = Ce que partagent tous les jeux Burrow
rules-reading-note = Les points marqués [lecture du projet] sont ceux où la description de l'auteur laisse le choix et où ce projet a dû trancher ; le choix est le nôtre, pas celui de l'auteur.
shortcut-arrows-keys = Flèches
shortcut-arrows = déplacer le curseur sur le plateau
shortcut-enter-keys = Entrée ou Espace
shortcut-enter = cliquer sur la case sous le curseur
shortcut-tab = le chemin suivant vers la case, quand plusieurs y mènent
shortcut-esc-keys = Échap
shortcut-esc = lâcher la pièce choisie
# The keys as the keyboard's own labels name them.
key-undo = Ctrl+Z
key-redo = Ctrl+Y
shortcut-undo = annuler
shortcut-redo = rétablir
shortcut-analysis = analyse activée ou non
shortcut-help-keys = F1 ou ?
shortcut-help = cette liste de touches
game-over-title = Partie terminée
game-over-resigned = { $side ->
    [white] Les Blancs ont abandonné.
   *[black] Les Noirs ont abandonné.
}
# $side has no pieces (or no capture) left, and wins by it.
game-over-stuck-wins = { $side ->
    [white] { $what ->
        [pieces] Les Blancs n'ont plus de pièces, et dans ce jeu la dernière prise perd.
       *[capture] Les Blancs n'ont plus de prise, et dans ce jeu la dernière prise perd.
    }
   *[black] { $what ->
        [pieces] Les Noirs n'ont plus de pièces, et dans ce jeu la dernière prise perd.
       *[capture] Les Noirs n'ont plus de prise, et dans ce jeu la dernière prise perd.
    }
}
# $side has no pieces (or no capture) left, and loses by it.
game-over-left = { $side ->
    [white] { $what ->
        [pieces] Les Blancs n'ont plus de pièces.
       *[capture] Les Blancs n'ont plus de prise.
    }
   *[black] { $what ->
        [pieces] Les Noirs n'ont plus de pièces.
       *[capture] Les Noirs n'ont plus de prise.
    }
}
game-over-turns = { $count ->
    [one] { $count } tour joué.
   *[other] { $count } tours joués.
}
game-over-rematch = Revanche
toast-saved = enregistré dans { $path }

## The puzzles window

puzzles-title = Problèmes : { $game }
puzzles-none = Pas encore de problèmes pour ce jeu.
puzzles-solved = { $solved } sur { $count } résolus. Jouez la ligne gagnante contre la meilleure défense du solveur.
puzzles-easy = Facile : gagner en 3 tours
puzzles-medium = Moyen : gagner en 5 tours
puzzles-hard = Difficile : gagner en 7 à 11 tours
puzzles-hover = { $task } ({ $size })
puzzles-hover-solved = { $task } ({ $size }), résolu
puzzle-task-text = { $side ->
    [white] Les Blancs jouent et gagnent en { $count ->
        [one] { $count } tour
       *[other] { $count } tours
    }
   *[black] Les Noirs jouent et gagnent en { $count ->
        [one] { $count } tour
       *[other] { $count } tours
    }
}

## The positions and records window

records-title = Positions et relevés
records-paste = Collez une position ou le relevé d'une partie :
records-paste-hint = WB2/4/4/2BW W, ou les balises et les tours d'un relevé
records-play-record = Jouer ce relevé
records-play-record-hint = Rejouer les tours du relevé et continuer à partir de sa fin
records-play-position = Jouer depuis cette position
records-play-position-hint = Une nouvelle partie depuis la position, avec les mêmes joueurs
records-download = Télécharger le relevé
records-downloading = téléchargement de { $file }
records-open-file = Ouvrir un fichier de relevé…
records-save = Enregistrer le relevé…
records-save-position = Enregistrer la position…
records-open = Ouvrir un relevé ou une position…
records-open-hint = Un relevé est rejoué, une position commence une nouvelle partie
records-last-file = Dernier fichier : { $file }
records-save-to-it = Y enregistrer
records-open-it = L'ouvrir

## The review window

review-point = après { $count ->
    [one] { $count } tour
   *[other] { $count } tours
} : { $share } (score de recherche { $score })
review-even = égalité
review-turns-axis = tours
review-save-picture = Enregistrer l'image
review-download-picture = Télécharger l'image
review-evaluating = Évaluation des positions : { $done } sur { $count }
review-graph-note = La part des Blancs dans la partie selon la courte recherche du moteur ; cliquez pour aller à une position.
review-looking = Erreurs : recherche en cours…
review-no-mistakes = Aucun tour n'a perdu beaucoup de terrain.
review-swings = Là où l'évaluation a le plus basculé :
review-mistake = Tour { $number } : { $side ->
    [white] Blancs
   *[black] Noirs
} { $turn }
review-mistake-better = Tour { $number } : { $side ->
    [white] Blancs
   *[black] Noirs
} { $turn } ; le moteur préférait { $better }
review-show = Voir

## Why a click or a command is turned down

refusal-animating = attendez la fin de la prise
refusal-reviewing = vous regardez une position antérieure
refusal-game-over = la partie est terminée
refusal-cannot-resign = il n'y a pas ici de partie à vous que vous puissiez abandonner
refusal-computers-turn = c'est à l'ordinateur de jouer
refusal-opponents-turn = c'est à votre adversaire de jouer
refusal-must-keep-capturing = { $square } doit continuer à prendre
refusal-nothing-to-capture = la pièce en { $square } n'a rien à prendre
refusal-choose-own = { $side ->
    [white] choisissez une de vos pièces (les Blancs)
   *[black] choisissez une de vos pièces (les Noirs)
}
refusal-nothing-to-undo = rien à annuler ni à rétablir
refusal-unknown-game = variante inconnue « { $game } »
refusal-no-lesson = pas de première partie guidée pour { $game }

## The guided first game's steps

lesson-black-replies = Les Noirs répondent : { $turn }.
lesson-select-first = Vous jouez les Blancs. Un tour commence par une de vos pièces qui prend une pièce adverse. Choisissez votre pièce en { $square }.
lesson-select-again = À vous de nouveau. Choisissez votre pièce en { $square }.
lesson-capture-first = Prenez la pièce adverse en { $square } : allez sur sa case. Cette première prise fixe le gabarit pour le reste du tour.
lesson-capture = Prenez en { $square }.
lesson-template = Le gabarit est maintenant { $template }, dessiné autour de votre pièce. Toute prise suivante de ce tour doit y entrer. Essayez de prendre en { $square } : elle n'y entre pas.
lesson-keep-capturing = La même pièce doit continuer à prendre tant qu'une prise entre dans le gabarit. Prenez en { $square }, qui y entre.
lesson-keep-going = Continuez : prenez en { $square }.
lesson-win = Plus aucune prise n'entre dans le gabarit, le tour est donc fini, et les Noirs n'ont plus aucune prise : les Blancs gagnent. C'est tout le jeu Burrow : prendre, prendre encore, et ne rien laisser à prendre à l'adversaire.

## The rules of the four games, as the rules window shows them
## (paragraphs are separated by a blank line)

rules-system =
    Au départ, chaque case porte une pièce, les blanches et les noires disposées en damier ; les Blancs jouent en premier. À votre tour, choisissez une de vos pièces et prenez une pièce adverse en allant sur sa case. Cette première prise fixe un gabarit. Tant que la même pièce a une prise qui entre dans le gabarit, elle doit en faire une (vous choisissez laquelle quand il y en a plusieurs). Les chemins ne traversent que des cases vides ; les cases vidées plus tôt dans le tour comptent comme vides.

    Un joueur qui n'a aucune prise initiale au début de son tour perd : il n'y a donc jamais de partie nulle.
rules-box =
    Déplacement : des pas orthogonaux d'une case à travers des cases vides, chaque case du chemin restant dans le rectangle dont deux coins opposés sont la pièce et sa cible. Tout chemin de ce genre compte, même sinueux, et pas seulement les escaliers [lecture du projet].

    Gabarit : la taille de ce rectangle, largeur × hauteur (les distances horizontale et verticale de la prise initiale).

    Prises suivantes : une pièce adverse décalée par rapport à la pièce d'exactement la largeur horizontalement et d'exactement la hauteur vers le haut ou vers le bas (n'importe lequel des quatre coins ; largeur et hauteur ne sont jamais interverties), atteinte de la même façon à l'intérieur de son propre rectangle. Un rectangle de largeur 0 ou de hauteur 0 est une ligne droite de cette longueur exacte.
rules-path =
    Déplacement : un escalier de pas orthogonaux à travers des cases vides : au plus une direction horizontale et une direction verticale, mêlées dans n'importe quel ordre.

    Gabarit : la suite exacte des pas, par exemple N N E. Des chemins différents vers la même pièce adverse sont des gabarits différents : vous choisissez donc le chemin, et pas seulement la cible.

    Prises suivantes : la même suite, tournée ou en miroir selon l'une des 8 symétries du carré, parcourue depuis la case où se trouve la pièce ; toutes les cases sauf la dernière doivent être vides, et la dernière doit porter une pièce adverse. La suite n'est jamais parcourue à rebours : N N E permet E E N, mais pas E N N.
rules-sweep =
    Déplacement : un escalier de pas orthogonaux à travers des cases vides : au plus une direction horizontale et une direction verticale, mêlées dans n'importe quel ordre.

    Gabarit : l'ensemble des directions utilisées par la prise initiale : une seule direction pour une prise en ligne droite, deux pour une prise coudée. Les directions sont absolues (le nord reste le nord).

    Prises suivantes : tout escalier à travers des cases vides qui n'utilise que des directions du gabarit, en quantités et dans un ordre quelconques. Après une prise en ligne droite, la pièce s'en tient à cette seule direction.
rules-tumburrow =
    Déplacement, pour chaque prise : des pas de roi à travers des cases vides, le long d'un chemin d'au plus deux directions différentes qui ne sont pas opposées [lecture du projet], mêlées dans n'importe quel ordre. Les directions ne font pas partie du gabarit.

    Gabarit : une fois la prise initiale faite, comptez vos propres pièces que la pièce qui vient de prendre voit le long des huit lignes de la dame depuis sa nouvelle case. Sur chaque ligne, seule la première pièce rencontrée compte, et seulement si elle est à vous ; toute pièce bloque la ligne. La pièce ne se compte jamais elle-même, et la case qu'elle a quittée est vide [lecture du projet].

    Prises suivantes : toute prise (même déplacement) après laquelle le même décompte, fait de la même façon, est égal au gabarit.
summary-box = Continuer à prendre à la même distance en largeur et en hauteur, vers le haut ou vers le bas.
summary-path = Continuer à prendre en suivant les mêmes pas, tournés ou en miroir.
summary-sweep = Continuer à prendre dans les directions de la première prise.
summary-tumburrow = Continuer à prendre là où votre pièce voit autant de pièces amies.
example-box = La largeur et la hauteur ne sont jamais interverties, et le chemin vers chaque cible peut serpenter tant qu'il reste dans le rectangle propre à cette cible [lecture du projet].
example-path = Chaque prise suivante refait les mêmes pas, tournés ou en miroir mais jamais parcourus à rebours, depuis la case où se trouve la pièce.
example-sweep = Les prises suivantes ne peuvent utiliser que les directions de la première (ici est et sud), en quantités et dans un ordre quelconques ; le nord reste le nord.
example-tumburrow = Après chaque prise, la pièce doit voir le même nombre de pièces amies (entourées d'un cercle) ; une pièce adverse rencontrée la première sur une ligne bloque cette ligne (marquée d'une croix), et la case que la pièce a quittée est vide [lecture du projet].
example-design-chain = Un tour de { $count } prises : la première fixe le gabarit, et chacune des suivantes y entre.
example-design-single = Sur un petit plateau, seuls des tours d'une seule prise sont apparus : ce gabarit permet rarement une deuxième prise.
example-fixes = { $capture } fixe le gabarit : { $template }.
example-then = Puis { $captures }, chacune entrant dans le gabarit ; après { $square }, plus aucune prise n'y entre, le tour se termine donc.
# The templates in words (the side panel, the lessons, the examples).
# Compass letters (N, E, S, W) and paths such as N N E are notation, as in
# records: they stay as they are in every language.
template-box = un rectangle de { $width } de large sur { $height } de haut
template-path = le chemin { $route }, tourné ou en miroir
template-sweep-one = seulement { $first }
template-sweep-two = seulement { $first } et { $second }
template-sweep-many = seulement { $directions }
template-count = { $count ->
    [one] { $count } pièce amie en vue
   *[other] { $count } pièces amies en vue
}
# Tumburrow's note on the square under the pointer.
note-sees-fits = voit { $seen } : entre dans le gabarit
note-sees-needs = voit { $seen }, il en faut { $needed }
note-sets-count = fixe le décompte à { $seen }

## Why a capture is not allowed (the rules' own explanations)

# A list's last two items: "a4, b4 and c4".
list-and = { $list } et { $last }
why-no-piece = il n'y a pas de pièce du camp au trait en { $square }
why-empty = { $square } est vide : une prise se fait sur une pièce adverse
why-own-piece = { $square } porte une pièce du même camp
why-one-step = { $from } avance d'un pas à la fois et { $to } n'est pas à un pas
why-not-on-line = { $to } n'est pas sur une ligne que suit { $from }
why-line-crosses = la ligne de { $from } à { $to } traverse { $square }
why-blocked = tous les chemins de { $from } à { $to } sont bloqués (par { $squares })
why-no-path = aucun chemin fait des pas de ce jeu ne mène de { $from } à { $to }
why-misfit = { $capture } n'entre pas dans le gabarit ({ $template })
why-square-misfits = { $square } n'entre pas dans le gabarit
why-cannot-capture-on = { $piece } ne peut pas prendre en { $square }
misfit-box = n'entre pas dans le gabarit : le rectangle fait { $width } de large sur { $height } de haut, cette prise couvre { $spans_width } sur { $spans_height }
misfit-path-crosses = ce chemin ({ $path } depuis { $from }) traverse { $square }
misfit-path = n'entre pas dans le gabarit : aucune rotation ni symétrie du chemin { $path } ne mène de { $from } à { $to }
misfit-sweep = n'entre pas dans le gabarit : ce tour va seulement vers { $allowed }, et { $to } est { $needed } de { $from }
misfit-count = n'entre pas dans le gabarit : le compte est de { $count ->
    [one] { $count } pièce amie
   *[other] { $count } pièces amies
} en vue, et en { $to } la pièce en verrait { $seen }
# Compass directions in prose.
compass = { $way ->
    [north] le nord
    [south] le sud
    [east] l'est
    [west] l'ouest
    [north-east] le nord-est
    [north-west] le nord-ouest
    [south-east] le sud-est
    [south-west] le sud-ouest
   *[other] en diagonale
}

# Where a square lies from another ("d4 lies north-east of b2").
compass-of = { $way ->
    [north] au nord
    [south] au sud
    [east] à l'est
    [west] à l'ouest
    [north-east] au nord-est
    [north-west] au nord-ouest
    [south-east] au sud-est
    [south-west] au sud-ouest
   *[other] en diagonale
}

## The title screen

title-tagline = prendre, et prendre encore
title-continue = Continuer
title-choose = Choisir un jeu
title-board = Plateau
title-files = { $count ->
    [one] { " " }colonne
   *[other] { " " }colonnes
}
title-ranks = { $count ->
    [one] { " " }rangée
   *[other] { " " }rangées
}
title-start = Départ
title-play = Jouer
title-rules = Règles
title-lesson = Première partie guidée
title-puzzles = Problèmes
title-online = En ligne
title-design = Créer un jeu
title-design-hint = Créer votre propre jeu à partir de celui-ci
start-own = ses propres rangées
start-checkerboard = damier
start-pairs = paires
start-checkerboard-hint = Couleurs alternées, pièce noire en a1 : la lecture que fait ce projet du texte de l'auteur du jeu
start-pairs-hint = Rangées de paires WWBB, chacune l'inverse de celle du dessous : la disposition du Sweep Burrow de Ludii
start-rows-hint = Les rangées propres au jeu, rangée 1 en premier, répétées sur tout le plateau : { $rows }
saved-summary = { $game } en { $size }, { $who }, { $count ->
    [one] { $count } tour joué
   *[other] { $count } tours joués
}
saved-players = { $white } contre { $black }
saved-puzzle = problème { $number }
saved-lesson = première partie guidée

## The settings window

settings-title = Paramètres
settings-language = Langue
settings-language-system = Langue du système ({ $language })
settings-moves = Déplacements
settings-walk-speed = Vitesse de déplacement, en cases par seconde (0 = instantané)
settings-think = Temps de réflexion de l'ordinateur, en secondes (niveau le plus fort, indice)
settings-sound = Son
settings-mute = Couper le son
settings-volume = Volume
settings-look = Apparence
settings-ui-scale = Échelle de l'interface
settings-online = En ligne
settings-ca-file = Une autorité de certification à approuver pour les serveurs wss:// (celle d'un serveur auto-hébergé), en plus des autorités habituelles
settings-ca-none = aucune
settings-choose = Choisir…
settings-forget = Oublier
settings-read-notes = Lors de la lecture des paramètres
theme-classic = Classique
theme-high-contrast = Contraste élevé
theme-green = Vert

## Online play: the table in the side panel, the window's header, the banners

online-title = En ligne
online-connecting-to = Connexion à { $server }…
online-reconnecting = Connexion perdue : reconnexion…
online-lost-banner = Connexion au serveur perdue : reconnexion…
online-no-undo = Impossible d'annuler un tour dans une partie en ligne : chaque tour est définitif.
online-code = Code
online-copy-link = Copier le lien
online-waiting-server = En attente du serveur…
online-waiting-player = En attente de l'autre joueur : envoyez-lui le code ou le lien.
online-rated-game = Partie classée
online-resign = Abandonner
online-rematch-offered = Revanche proposée
online-leave = Quitter
online-computer = ordinateur ({ $level })
online-free-seat = (place libre)
online-you = { $name } (vous)
online-your-turn-in = À vous de jouer dans la partie { $code }
online-open = Ouvrir
online-won-no-capture = { $side ->
    [white] Les Blancs ont gagné : le perdant n'avait plus de prise
   *[black] Les Noirs ont gagné : le perdant n'avait plus de prise
}
online-won-stuck = { $side ->
    [white] Les Blancs ont gagné : le gagnant n'avait plus de prise (la dernière prise perd)
   *[black] Les Noirs ont gagné : le gagnant n'avait plus de prise (la dernière prise perd)
}
online-won-time = { $side ->
    [white] Les Blancs ont gagné au temps
   *[black] Les Noirs ont gagné au temps
}
online-won-resigned = { $side ->
    [white] Les Blancs ont gagné : le perdant a abandonné
   *[black] Les Noirs ont gagné : le perdant a abandonné
}
online-server = Serveur
online-server-hint = hôte:port d'un `burrow serve`
online-connect = Se connecter
online-signed-in-as = Connecté en tant que { $name }
online-guest = Vous jouez en invité
online-connecting = Connexion…
online-trying-again = Non connecté : nouvel essai…
online-not-connected = Non connecté
online-tab-play = Jouer
online-tab-lobby = Salon
online-tab-my-games = Mes parties
online-tab-players = Joueurs
online-tab-account = Compte
online-game = Jeu
online-clock = Pendule
clock-none = sans pendule
clock-days = { $count ->
    [one] { $count } jour par tour
   *[other] { $count } jours par tour
}
clock-live = { $minutes } min + { $seconds } s

## The designer

designer-title = Créer un jeu
designer-start-from = Partir de
designer-a-game = un jeu…
designer-copy-name = Mon { $name }
designer-name = Nom
designer-id = Identifiant
designer-id-hint = minuscules, chiffres, tirets
designer-summary = Résumé
designer-movement = Déplacement
designer-template = Gabarit
designer-board-and-end = Plateau et fin
designer-try-on = Essayer sur
designer-against = contre
designer-both-sides = Humain (les deux camps ici)
designer-try = Essayer
designer-save = Enregistrer
designer-download = Télécharger le fichier
designer-save-copy = Enregistrer une copie…
designer-save-copy-hint = Le fichier de jeu, enregistré où vous voulez
designer-copy-text = Copier le texte
designer-text-copied = le fichier de jeu est dans le presse-papiers
designer-link-hint = Un lien vers la page web { $page } qui ouvre ce projet
designer-link-copied = un lien vers { $page } avec le projet est dans le presse-papiers
designer-report = Rapport
designer-measuring = mesure en cours : { $done } sur { $count }
designer-measured = mesuré : { $done } sur { $count }
designer-stop = Arrêter
designer-train = Entraîner l'ordinateur
designer-train-hint = L'ordinateur joue ce jeu contre lui-même et apprend à juger ses positions (jusqu'à 10 minutes, en arrière-plan). Son niveau le plus fort et l'indice utilisent ensuite ce qu'il a appris.
designer-training = entraînement : génération { $generation } sur { $count }
designer-trained = entraîné : { $count } { $count ->
    [one] génération
   *[other] générations
}
designer-training-minutes = { $count } min
designer-generation = génération { $generation } : { $score } % contre la précédente (Elo { $elo }), { $kept ->
    [yes] retenue
   *[no] écartée
}
designer-weights-kept = ce que l'ordinateur a appris est gardé dans { $place }
designer-weights-not-kept = ce que l'ordinateur a appris n'a pas pu être gardé : { $why }
designer-earlier-version = (d'une version antérieure du projet)
designer-warning = attention : { $why }
designer-open-intro = Ouvrir un projet : collez son fichier de jeu ou son code de partage, ou ouvrez son fichier.
designer-open-file = Ouvrir un fichier…
designer-game-file = Le fichier de jeu
designer-a-game-holds = Un jeu : toutes les règles du système sont respectées.
designer-its-rules = Ses règles et un exemple
designer-not-a-game = Pas encore un jeu : { $why }
designer-not-yet = le projet n'est pas encore un jeu (voir plus haut)
designer-written-in-rust = `{ $game }` est écrit en Rust, pas dans un fichier de jeu : partez d'un autre jeu
designer-opened = { $name } ouvert
designer-not-opened = non ouvert : { $why }
designer-no-home = non enregistré : cette machine n'indique aucun dossier personnel
designer-not-saved = non enregistré dans { $path } : { $why }
designer-downloaded = téléchargé sous le nom { $file }
designer-figures = { $size }: { $turns ->
    [one] { $turns } premier tour
   *[other] { $turns } premiers tours
}, le plus long : { $count ->
    [one] { $count } prise
   *[other] { $count } prises
}
designer-figures-explode = { $size }: les premiers tours dépassent { $states } ordres de prises : les chaînes explosent
# The board's rules.
designer-start = Départ
designer-start-hint = La disposition des pièces ; les Blancs jouent en premier. Rangées : W blanc, B noir, . vide, rangée 1 en premier ; chacune est répétée le long de sa rangée, et les rangées vers le haut du plateau.
designer-rows-written = rangées écrites
designer-boards = Plateaux
designer-boards-hint = Les tailles sur lesquelles on y joue : tous les plateaux du plus petit au plus grand.
designer-from = de
designer-to = à
designer-end = Fin
designer-end-hint = Qui gagne quand le joueur au trait n'a aucune prise. Chaque tour retire une pièce : dans les deux cas, il n'y a donc pas de partie nulle.
designer-end-wins = la dernière prise gagne
designer-end-loses = la dernière prise perd
# The movement's rules.
designer-steps = Pas
designer-steps-hint = Où va un pas. (Un fichier de jeu peut aussi lister ses propres pas.)
designer-steps-listed = (listés dans le fichier)
steps-orthogonal = orthogonaux
steps-orthogonal-hint = nord, est, sud, ouest
steps-diagonal = diagonaux
steps-diagonal-hint = les quatre diagonales
steps-king = roi
steps-king-hint = les huit directions
steps-knight = cavalier
steps-knight-hint = deux dans un sens, un dans l'autre
designer-path = Chemin
path-single = simple
path-single-hint = un pas, pas plus
path-straight = en ligne droite
path-straight-hint = un même pas répété en ligne
path-two-directions = deux directions
path-two-directions-hint = un escalier de deux sortes de pas
path-within-box = dans le rectangle
path-within-box-hint = n'importe quels pas à l'intérieur du rectangle de la pièce et de sa cible
designer-jumping = Saut
designer-jumping-check = le chemin peut passer par-dessus des pièces
jumping-on-hint = Les pièces sur le chemin n'arrêtent pas une prise.
jumping-off-hint = Toutes les cases avant la cible doivent être vides.
# The template's measures.
designer-template-intro = Une prise suivante entre dans le gabarit quand chaque mesure activée correspond à celle de la prise initiale. Sur chaque image, la prise initiale est en orange et une prise suivante qui entre dans le gabarit est en bleu.
measure-off = non
measure-exactly = exactement
measure-turned = ou par rotation
measure-mirrored = ou en miroir
measure-any-image = ou toute symétrie
measure-either-way = dans un sens ou l'autre
measure-box = Rectangle
measure-box-hint = Le rectangle englobant : autant de cases en largeur et autant vers le haut ou vers le bas.
measure-route = Parcours
measure-route-hint = Les pas exacts de la prise initiale, dans l'ordre.
measure-directions = Directions
measure-directions-hint = Seulement les directions de la rose des vents suivies par la prise initiale.
measure-offset = Décalage
measure-offset-hint = Le même vecteur : autant de cases en largeur et autant vers le haut (sur l'image, en miroir).
measure-distance = Distance
measure-distance-hint = La même longueur de prise.
measure-king-walks = comme marche le roi
measure-orthogonal-steps = en pas orthogonaux
measure-line = Ligne
measure-line-hint = La cible sur la ligne de la prise initiale, dans un sens ou dans l'autre.
measure-same-line = même ligne
measure-count = Décompte
measure-count-hint = Le nombre de pièces que la pièce voit une fois arrivée, comparé à celui après la prise initiale.
count-on = compter les pièces en vue
count-as-many = autant de
count-at-least = au moins autant de
count-at-most = au plus autant de
count-friends = pièces amies
count-enemies = pièces adverses
count-pieces = pièces
count-along = le long des
count-eight-lines = huit lignes
count-ranks-files = rangées et colonnes
count-diagonals = diagonales

## The web page's loader (shown before the game runs: one line each; the
## build copies them into the page)

page-loading = Chargement…
page-loading-label = Chargement du jeu
page-downloading = Téléchargement : { $received } sur { $total } Mo
page-starting = Démarrage…
page-failed = Burrow n'a pas pu démarrer : { $why }
page-retry = Réessayer
page-no-wasm = ce navigateur n'exécute pas WebAssembly
page-no-webgl = ce navigateur ne peut pas dessiner avec WebGL2 (essayez d'activer l'accélération matérielle)

## The settings' and the saved game's notices

settings-notice-problem = paramètres, ligne { $line } : `{ $key }` { $problem } ; sa valeur par défaut est utilisée
settings-notice-wrong-type = doit être { $expected ->
    [number] un nombre
    [flag] true ou false
    [text] un texte entre guillemets
   *[puzzles] une liste de problèmes entre guillemets
}, trouvé : { $found }
settings-notice-found-text = « { $text } »
settings-notice-found-number = le nombre { $number }
settings-notice-found-flag = { $flag }
settings-notice-found-date = une date
settings-notice-found-list = une liste
settings-notice-found-table = une table
settings-notice-out-of-range = doit être compris entre { $min } et { $max }, trouvé : { $found }
settings-notice-unknown-language = doit être l'un des codes { $known }, trouvé : « { $found } »
settings-notice-unknown-theme = doit être classic, green ou high-contrast, trouvé : « { $found } »
settings-notice-window-size = doit être de la forme LARGEURxHAUTEUR, de { $min_width }x{ $min_height } à { $max_width }x{ $max_height }, trouvé : « { $found } »
settings-notice-not-session = doit être le texte hexadécimal du serveur
settings-notice-unreadable = les paramètres ne sont pas lisibles en TOML : { $why } ; les valeurs par défaut sont utilisées
settings-notice-kept = les paramètres tels qu'ils étaient sont conservés dans { $file }
settings-notice-kept-page = les paramètres tels qu'ils étaient sont conservés dans le stockage de la page ({ $key })
settings-notice-not-kept = impossible de conserver les paramètres tels qu'ils étaient ({ $file } : { $why })
settings-notice-not-saved = impossible d'enregistrer les paramètres : { $why }
settings-notice-no-home = aucun dossier personnel
settings-notice-save-file = { $file } : { $why }
settings-notice-no-storage = le stockage local n'est pas disponible
settings-notice-storage-refused = le stockage local a refusé les paramètres
settings-notice-not-toml = les paramètres ne peuvent pas être écrits en TOML : { $why }
saved-notice-unreadable = La partie enregistrée est illisible ({ $why }). Elle est conservée dans { $file } ; une nouvelle partie commence.
saved-notice-unreadable-page = La partie enregistrée est illisible ({ $why }). Elle est conservée dans le stockage de la page, sous { $key } ; une nouvelle partie commence.
saved-notice-unreadable-stays = La partie enregistrée est illisible ({ $why }). Elle n'a pas pu être mise de côté ({ $error }) et se trouve toujours dans { $file } ; une nouvelle partie commence.
saved-notice-not-record = ce n'est pas un relevé de partie : { $why }
saved-notice-no-saved-tag = elle n'a pas de balise `Saved` (ce n'est pas une partie enregistrée)
saved-notice-newer = elle a été enregistrée par une version plus récente de Burrow (format { $form } ; celle-ci lit le format { $reads })
saved-notice-bad-version = sa balise `Saved` « { $tag } » n'est pas une version
saved-notice-bad-player = « { $player } » n'est pas un joueur que ce jeu connaît
saved-notice-bad-mode = sa balise `Mode` « { $tag } » n'est ni une partie libre, ni un problème, ni une partie guidée
saved-notice-no-replay = ses tours ne peuvent pas être rejoués : { $why }
saved-notice-cannot-save = impossible d'enregistrer la partie dans { $folder } : { $why }
saved-notice-page-refused = le stockage de la page a refusé la partie enregistrée
