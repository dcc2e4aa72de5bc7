# Burrow's words in German: a designed game's rules in words (rules::design::words).
# The glossary is at the top of game.ftl in this folder; English (en/design.ftl)
# is the catalogue the other languages follow.
#
# Arguments: as in en/design.ftl. $steps (step vectors, "[1, 2], [2, 1]"),
# $rows (rows of a start, "WWBB / BBWW": W Weiß, B Schwarz, . leer) and
# $size, $smallest, $largest (board sizes, "6x6") are notation, as in a
# game file: they stay as they are. $symmetry: exact, turned, mirrored or
# all; $compare: equal, at-least, at-most; $counted: friends, enemies,
# pieces; $lines: queen, rook, bishop; $empty: none or some.
# Terms as in game.ftl: box = Rechteck, route = Route, offset = Versatz,
# path = Weg, line = Gerade, the queen's eight lines = die acht Strahlen.
# The measures follow "wenn er Folgendes hat:" and so are in the accusative.
# A full sentence after a colon starts with a capital.

## The rules text: paragraphs, in this order

design-words-movement = Bewegung: { $steps } { $path } { $jumping }
design-words-template = Schablone: Ein späterer Schlag passt, wenn er Folgendes hat: { $measures }.
design-words-and = { $list }; und { $next }
design-words-start-pairs = Aufstellung: Steine in Paaren; Reihe 1 lautet W W B B W W B B, und jede Reihe vertauscht die Farben der Reihe darunter.
design-words-start-rows = { $empty ->
    [none] Aufstellung: die Reihen { $rows } (Reihe 1 zuerst; W Weiß, B Schwarz), jede entlang ihrer Reihe wiederholt und die Reihen zusammen das Brett hinauf.
   *[some] Aufstellung: die Reihen { $rows } (Reihe 1 zuerst; W Weiß, B Schwarz, . leer), jede entlang ihrer Reihe wiederholt und die Reihen zusammen das Brett hinauf.
}
design-words-boards-one = Bretter: { $size }.
design-words-boards-range = Bretter: { $smallest } bis { $largest }.
design-words-end-last-capture-loses = Spielende: Wer zu Beginn seines Zuges keinen Schlag hat, gewinnt (wer den letzten Schlag ausführt, verliert), anders als beim üblichen Spielende.

## How a capture moves: its steps, its path, and whether it may jump

design-words-steps-orthogonal = Ein Stein zieht einen Schritt nach Norden, Osten, Süden oder Westen.
design-words-steps-diagonal = Ein Stein zieht einen Schritt diagonal.
design-words-steps-king = Ein Stein zieht einen Schritt in eine der acht Richtungen.
design-words-steps-knight = Ein Stein springt wie ein Springer (zwei Felder in die eine Richtung, eins in die andere).
design-words-steps-listed = Ein Stein macht die Schritte { $steps } (seitwärts, nach oben).
design-words-path-single = Ein Schlag ist ein einzelner Schritt auf einen gegnerischen Stein.
design-words-path-straight = Ein Schlag wiederholt einen Schritt in gerader Linie, beliebig weit, bis auf einen gegnerischen Stein.
design-words-path-two-steps = Ein Schlag mischt höchstens zwei Arten von Schritten, die einander nicht entgegengesetzt sind (eine Treppe), jede beliebig oft und in beliebiger Reihenfolge, bis auf einen gegnerischen Stein.
design-words-path-within-box = Ein Schlag macht beliebige Schritte, die innerhalb des Rechtecks bleiben, dessen Ecken der Stein und sein Ziel sind.
design-words-jumping = Der Weg darf über Steine führen.
design-words-no-jumping = Jedes Feld, das der Weg vor dem Ziel überquert, muss leer sein (Felder, die früher im selben Zug geleert wurden, gelten als leer).

## The template's measures (what a later capture "has", in design-words-template)

design-words-box-exact = das Rechteck des Eröffnungsschlags: gleich viele Felder seitwärts und gleich viele nach oben oder unten
design-words-box-either-way = das Rechteck des Eröffnungsschlags, in beiden Ausrichtungen
design-words-route = { $symmetry ->
    [exact] die Route des Eröffnungsschlags, Schritt für Schritt
    [turned] die Route des Eröffnungsschlags, Schritt für Schritt, oder diese um eine oder mehrere Vierteldrehungen gedreht
    [mirrored] die Route des Eröffnungsschlags, Schritt für Schritt, oder ein Spiegelbild davon
   *[all] die Route des Eröffnungsschlags, Schritt für Schritt, oder eine beliebige Drehung oder ein Spiegelbild davon
}
design-words-directions = { $symmetry ->
    [exact] nur die Himmelsrichtungen, in die der Eröffnungsschlag ging (Osten oder Westen, Norden oder Süden)
    [turned] nur die Himmelsrichtungen, in die der Eröffnungsschlag ging (Osten oder Westen, Norden oder Süden), oder diese um eine oder mehrere Vierteldrehungen gedreht
    [mirrored] nur die Himmelsrichtungen, in die der Eröffnungsschlag ging (Osten oder Westen, Norden oder Süden), oder ein Spiegelbild davon
   *[all] nur die Himmelsrichtungen, in die der Eröffnungsschlag ging (Osten oder Westen, Norden oder Süden), oder eine beliebige Drehung oder ein Spiegelbild davon
}
design-words-count = { $compare ->
    [at-least] mindestens so viele
    [at-most] höchstens so viele
   *[equal] gleich viele
} { $counted ->
    [friends] eigene Steine
    [enemies] gegnerische Steine
   *[pieces] Steine
} in Sicht entlang { $lines ->
    [rook] der Reihen und Linien
    [bishop] der Diagonalen
   *[queen] der acht Strahlen
}, von dem Feld aus, auf dem der Stein landet, wie nach dem Eröffnungsschlag
design-words-offset = { $symmetry ->
    [exact] den Versatz des Eröffnungsschlags (so viele Felder seitwärts, so viele nach oben)
    [turned] den Versatz des Eröffnungsschlags (so viele Felder seitwärts, so viele nach oben), oder diesen um eine oder mehrere Vierteldrehungen gedreht
    [mirrored] den Versatz des Eröffnungsschlags (so viele Felder seitwärts, so viele nach oben), oder ein Spiegelbild davon
   *[all] den Versatz des Eröffnungsschlags (so viele Felder seitwärts, so viele nach oben), oder eine beliebige Drehung oder ein Spiegelbild davon
}
design-words-distance-king = die Länge des Eröffnungsschlags, gezählt, wie der König zieht
design-words-distance-steps = die Länge des Eröffnungsschlags in Schritten seitwärts plus nach oben oder unten
design-words-line = ein Ziel auf der Geraden durch Start- und Zielfeld des Eröffnungsschlags, in beiden Richtungen
