# Burrow's words in English: the Online window and the server's messages as the client words them.
# The glossary is at the top of game.ftl in this folder; English (en/online.ftl)
# is the catalogue the other languages follow.

## The Online window's Play tab

online-your-name = Your name
online-play-someone = Play someone now
online-play-someone-rated-hint = A rated game against a player of about your rating
online-play-someone-guest-hint = An unrated game against another guest (sign in for rated games)
online-computer-after = the computer after { $seconds } s if nobody comes
online-new-table = New table
online-you-play = You play
online-either-side = Either
online-against = Against
online-against-friend = a friend (share the code)
online-against-anyone = anyone (listed in the lobby)
online-against-computer = the server's computer ({ $level })
online-rated = Rated
online-rated-sign-in = Sign in (Account) to play rated games
online-create-table = Create table
online-friends-table = A friend's table
online-join = Join
online-watch = Watch

## The Lobby tab

online-lobby-empty = Nobody is waiting. Open a table for anyone (Play), or play someone now.
online-name-rating = { $name } ({ $rating })
online-seek-rated = rated
online-seek-casual = casual

## The My games tab

online-my-games-sign-in = Sign in (Account) to keep your games on the server and play them from any device.
online-no-running-games = No running games.
online-versus = vs { $name }
online-waiting-for-player = waiting for a player
online-your-turn = your turn
online-your-turn-left = your turn, { $left } left
online-their-turn = their turn

## The Players tab: leaderboards and players' pages

online-find-player = Find player
online-leaderboard = { $game } leaderboard
online-no-rated-games = No rated games yet.
# A rating; provisional: too few games for it to say much.
online-rating = { $rating }
online-rating-provisional = { $rating }?
online-pick-player = Pick a player to see their page.
# $rating is online-rating or online-rating-provisional.
online-player-rating = { $game }: { $rating } ±{ $deviation }, { $count ->
    [one] { $count } rated game
   *[other] { $count } rated games
}
online-rating-in = Rating in { $game }
online-last-games = Last games ({ $count })
# $result is "won", "lost" or "playing"; $rated is "yes" or "no".
online-played-game = { $game } { $size } vs { $opponent }: { $result ->
    [won] won
    [lost] lost
   *[playing] playing
} in { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
}{ $rated ->
    [yes] , rated
   *[no] {""}
}

## The Account tab

online-account-signed-in = Signed in as { $name }: your games are kept on the server and rated games count for you.
online-my-page = My page
online-allow-notifications = Allow notifications
online-sign-out = Sign out
online-bot-name = { $name } (bot)
online-bot-account = This is a bot account: a program plays it, and it is shown as a bot.
online-refuse-bots = Refuse rated games against bots
online-refuse-bots-hint = Bot accounts are programs. With this on, none takes a seat at your rated tables, and you are not seated at theirs.
online-account-intro = An account keeps your games and rating on this server. No e-mail needed.
online-name = Name
online-password = Password
online-sign-in = Sign in
online-register = Register
online-register-hint = A new account: a name nobody has, a password of { $count ->
    [one] { $count } character or more
   *[other] { $count } characters or more
}

## The connection (notices in the Online window and the side panel; $why
## is the connection's own words)

online-connection-lost = connection lost ({ $why }); trying again
online-closed = the server closed it
online-cannot-connect = cannot connect to { $server }: { $why }
online-unreadable = the server sent: { $why }
online-cannot-show-table = this game cannot show that table: { $why }
online-no-runtime = cannot start the connection's runtime: { $why }
online-no-thread = cannot start the connection's thread: { $why }
# The browser's notification (the web page).
online-notification-your-turn = Your turn in Burrow (game { $code })
# A clock's time left: days and hours, hours and minutes ($hours and
# $minutes come with two digits), or seconds with tenths under ten seconds.
online-clock-left-days = { $days }d { $hours }h
online-clock-left-hours = { $hours }h { $minutes }m
online-clock-left-seconds = { $seconds }

## The server's refusals, worded here from their kind (the server's own
## English message is only logged)

online-error-bad-message = The server did not understand a message from this game.
online-error-unsupported-version = The server speaks another version of online play: update the game.
online-error-too-large = That message was too large for the server.
online-error-rate-limited = Too many messages: wait a moment.
online-error-unknown-game = There is no game with that code.
online-error-not-your-seat = You have no seat at this game.
online-error-table-full = Both seats are taken: you can watch instead.
online-error-not-your-turn = It is not your turn.
online-error-stale-turn = That turn was chosen in an earlier position: the board shows the game as it stands.
online-error-illegal-turn = The server refused that turn: the rules do not allow it.
online-error-game-over = The game is over.
online-error-bad-setup = The server cannot set up that game.
online-error-too-many-tables = This connection follows too many running games: leave one first.
online-error-storage = The server could not save that; nothing changed.
online-error-idle = Nothing was heard for too long: the server closed the connection.
online-error-bad-name = That name is not allowed.
online-error-name-taken = That name (or one that reads like it) is an account's: choose another, or sign in to play as it.
online-error-wrong-password = The name or the password is wrong.
online-error-bad-password = That password is too short or too long.
online-error-bad-session = Your session is over: sign in again.
online-error-sign-in-first = Only a signed-in player may do that: sign in first (Account).
online-error-unknown-player = There is no player by that name.
online-error-bots-refused = A rated game between a bot account and an account that refuses bots is not played.
# A name refused, and why ($why: one of the online-name-rule messages).
online-error-bad-name-because = That name is not allowed: { $why }.
online-name-rule-length = a name has { $min } to { $max ->
    [one] { $max } character
   *[other] { $max } characters
}
online-name-rule-character = a name holds only letters and digits (joined by - _ or .), not { $character }
online-name-rule-joiners = a name starts and ends with a letter or digit, with no two of - _ . in a row
online-name-rule-script = a name is written in one script (no mixing of alphabets)
online-name-rule-reserved = names beginning with “{ $word }” are kept for the server's own players
online-error-with-note = { $words } (the server says: { $note })
