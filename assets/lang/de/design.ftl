# Burrow's words in German: a designed game's rules in words (rules::design::words).
# The glossary is at the top of game.ftl in this folder; English (en/design.ftl)
# is the catalogue the other languages follow.
