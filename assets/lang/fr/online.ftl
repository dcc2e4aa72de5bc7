# Burrow's words in French: the Online window and the server's messages as the client words them.
# The glossary is at the top of game.ftl in this folder; English (en/online.ftl)
# is the catalogue the other languages follow.
