# Burrow's words in French: a designed game's rules in words (rules::design::words).
# The glossary is at the top of game.ftl in this folder; English (en/design.ftl)
# is the catalogue the other languages follow.
#
# Arguments: as in en/design.ftl. $steps (step vectors, "[1, 2], [2, 1]"),
# $rows (rows of a start, "WWBB / BBWW": W blanc, B noir, . vide) and
# $size, $smallest, $largest (board sizes, "6x6") are notation, as in a
# game file: they stay as they are. $symmetry: exact, turned, mirrored or
# all; $compare: equal, at-least, at-most; $counted: friends, enemies,
# pieces; $lines: queen, rook, bishop; $empty: none or some.
# Terms as in game.ftl: box = rectangle, route = parcours, offset =
# décalage, path = chemin, compass directions = directions de la rose des
# vents. A quarter turn of a measure (turned) is any of its turns by one or
# more quarter turns.

## The rules text: paragraphs, in this order

design-words-movement = Déplacement : { $steps } { $path } { $jumping }
design-words-template = Gabarit : une prise suivante entre dans le gabarit quand elle a { $measures }.
design-words-and = { $list } ; et { $next }
design-words-start-pairs = Départ : les pièces par paires ; la rangée 1 se lit W W B B W W B B, et chaque rangée inverse les couleurs de celle du dessous.
design-words-start-rows = { $empty ->
    [none] Départ : les rangées { $rows } (rangée 1 en premier ; W blanc, B noir), chacune répétée le long de sa rangée, et l'ensemble répété vers le haut du plateau.
   *[some] Départ : les rangées { $rows } (rangée 1 en premier ; W blanc, B noir, . vide), chacune répétée le long de sa rangée, et l'ensemble répété vers le haut du plateau.
}
design-words-boards-one = Plateaux : { $size }.
design-words-boards-range = Plateaux : de { $smallest } à { $largest }.
design-words-end-last-capture-loses = Fin : un joueur qui n'a aucune prise au début de son tour gagne (celui qui fait la dernière prise perd), contrairement à la fin habituelle.

## How a capture moves: its steps, its path, and whether it may jump

design-words-steps-orthogonal = une pièce se déplace d'un pas vers le nord, l'est, le sud ou l'ouest.
design-words-steps-diagonal = une pièce se déplace d'un pas en diagonale.
design-words-steps-king = une pièce se déplace d'un pas dans l'une des huit directions.
design-words-steps-knight = une pièce saute comme un cavalier (deux cases dans un sens, une dans l'autre).
design-words-steps-listed = une pièce fait les pas { $steps } (en largeur, vers le haut).
design-words-path-single = Une prise est un seul pas sur une pièce adverse.
design-words-path-straight = Une prise répète un même pas en ligne droite, aussi loin qu'elle le veut, jusqu'à une pièce adverse.
design-words-path-two-steps = Une prise mêle au plus deux sortes de pas qui ne sont pas opposées (un escalier), autant de chacune qu'elle le veut et dans n'importe quel ordre, jusqu'à une pièce adverse.
design-words-path-within-box = Une prise fait n'importe quels pas qui restent à l'intérieur du rectangle dont les coins sont la pièce et sa cible.
design-words-jumping = Le chemin peut passer par-dessus des pièces.
design-words-no-jumping = Toutes les cases que le chemin traverse avant la cible doivent être vides (les cases vidées plus tôt dans le tour comptent comme vides).

## The template's measures (what a later capture "has", in design-words-template)

design-words-box-exact = le même rectangle que la prise initiale : autant de cases en largeur et autant vers le haut ou vers le bas
design-words-box-either-way = le même rectangle que la prise initiale, tel quel ou tourné d'un quart de tour
design-words-route = { $symmetry ->
    [exact] le même parcours que la prise initiale, pas pour pas
    [turned] le même parcours que la prise initiale, pas pour pas, ou ce parcours tourné d'un ou plusieurs quarts de tour
    [mirrored] le même parcours que la prise initiale, pas pour pas, ou son image dans un miroir
   *[all] le même parcours que la prise initiale, pas pour pas, ou toute rotation ou image miroir de ce parcours
}
design-words-directions = { $symmetry ->
    [exact] uniquement les directions de la rose des vents suivies par la prise initiale (est ou ouest, nord ou sud)
    [turned] uniquement les directions de la rose des vents suivies par la prise initiale (est ou ouest, nord ou sud), ou ces directions tournées d'un ou plusieurs quarts de tour
    [mirrored] uniquement les directions de la rose des vents suivies par la prise initiale (est ou ouest, nord ou sud), ou leur image dans un miroir
   *[all] uniquement les directions de la rose des vents suivies par la prise initiale (est ou ouest, nord ou sud), ou toute rotation ou image miroir de ces directions
}
design-words-count = { $compare ->
    [at-least] au moins autant de
    [at-most] au plus autant de
   *[equal] autant de
} { $counted ->
    [friends] pièces amies
    [enemies] pièces adverses
   *[pieces] pièces
} en vue le long { $lines ->
    [rook] des rangées et des colonnes
    [bishop] des diagonales
   *[queen] des huit lignes
}, depuis la case où arrive la pièce, qu'après la prise initiale
design-words-offset = { $symmetry ->
    [exact] le même décalage que la prise initiale (tant de cases en largeur, tant vers le haut)
    [turned] le même décalage que la prise initiale (tant de cases en largeur, tant vers le haut), ou ce décalage tourné d'un ou plusieurs quarts de tour
    [mirrored] le même décalage que la prise initiale (tant de cases en largeur, tant vers le haut), ou son image dans un miroir
   *[all] le même décalage que la prise initiale (tant de cases en largeur, tant vers le haut), ou toute rotation ou image miroir de ce décalage
}
design-words-distance-king = la même longueur que la prise initiale, comptée comme marche le roi
design-words-distance-steps = la même longueur que la prise initiale, comptée en pas en largeur plus en pas vers le haut ou vers le bas
design-words-line = une cible sur la ligne qui passe par la case de départ et la cible de la prise initiale, dans un sens ou dans l'autre
