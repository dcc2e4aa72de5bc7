# Burrow's words in German: the Online window and the server's messages as the client words them.
# The glossary is at the top of game.ftl in this folder; English (en/online.ftl)
# is the catalogue the other languages follow.

## The Online window's Play tab

online-your-name = Dein Name
online-play-someone = Jetzt gegen jemanden spielen
online-play-someone-rated-hint = Eine gewertete Partie gegen einen Spieler mit ungefähr deiner Wertung
online-play-someone-guest-hint = Eine ungewertete Partie gegen einen anderen Gast (melde dich für gewertete Partien an)
online-computer-after = der Computer nach { $seconds } s, wenn niemand kommt
online-new-table = Neuer Tisch
online-you-play = Du spielst
online-either-side = Zufällig
online-against = Gegen
online-against-friend = einen Freund (teile den Code)
online-against-anyone = jeden (in der Lobby aufgeführt)
online-against-computer = den Computer des Servers ({ $level })
online-rated = Gewertet
online-rated-sign-in = Melde dich an (Konto), um gewertete Partien zu spielen
online-create-table = Tisch eröffnen
online-friends-table = Der Tisch eines Freundes
online-join = Beitreten
online-watch = Zuschauen

## The Lobby tab

online-lobby-empty = Niemand wartet. Eröffne einen Tisch für jeden (Spielen) oder spiele jetzt gegen jemanden.
online-name-rating = { $name } ({ $rating })
online-seek-rated = gewertet
online-seek-casual = ungewertet

## The My games tab

online-my-games-sign-in = Melde dich an (Konto), um deine Partien auf dem Server zu behalten und sie von jedem Gerät aus zu spielen.
online-no-running-games = Keine laufenden Partien.
online-versus = gegen { $name }
online-waiting-for-player = wartet auf einen Spieler
online-your-turn = du bist am Zug
online-your-turn-left = du bist am Zug, noch { $left }
online-their-turn = der Gegner ist am Zug

## The Players tab: leaderboards and players' pages

online-find-player = Spieler suchen
online-leaderboard = Rangliste für { $game }
online-no-rated-games = Noch keine gewerteten Partien.
# A rating (Wertung); provisional: too few games for it to say much.
online-rating = { $rating }
online-rating-provisional = { $rating }?
online-pick-player = Wähle einen Spieler, um seine Seite zu sehen.
# $rating is online-rating or online-rating-provisional.
online-player-rating = { $game }: { $rating } ±{ $deviation }, { $count ->
    [one] { $count } gewertete Partie
   *[other] { $count } gewertete Partien
}
online-rating-in = Wertung in { $game }
online-last-games = Letzte Partien ({ $count })
# $result is "won", "lost" or "playing"; $rated is "yes" or "no".
online-played-game = { $game } { $size } gegen { $opponent }: { $result ->
    [won] gewonnen in { $turns ->
        [one] { $turns } Zug
       *[other] { $turns } Zügen
    }
    [lost] verloren in { $turns ->
        [one] { $turns } Zug
       *[other] { $turns } Zügen
    }
   *[playing] läuft seit { $turns ->
        [one] { $turns } Zug
       *[other] { $turns } Zügen
    }
}{ $rated ->
    [yes] , gewertet
   *[no] {""}
}

## The Account tab

online-account-signed-in = Angemeldet als { $name }: Deine Partien werden auf dem Server aufbewahrt, und gewertete Partien zählen für dich.
online-my-page = Meine Seite
online-allow-notifications = Benachrichtigungen erlauben
online-sign-out = Abmelden
online-bot-name = { $name } (Bot)
online-bot-account = Dies ist ein Bot-Konto: Ein Programm spielt es, und es wird als Bot angezeigt.
online-refuse-bots = Gewertete Partien gegen Bots ablehnen
online-refuse-bots-hint = Bot-Konten sind Programme. Wenn dies aktiviert ist, setzt sich keines an deine gewerteten Tische, und du wirst nicht an ihre gesetzt.
online-account-intro = Ein Konto bewahrt deine Partien und deine Wertung auf diesem Server auf. Keine E-Mail-Adresse nötig.
online-name = Name
online-password = Passwort
online-sign-in = Anmelden
online-register = Registrieren
online-register-hint = Ein neues Konto: ein Name, den noch niemand hat, und ein Passwort mit mindestens { $count ->
    [one] { $count } Zeichen
   *[other] { $count } Zeichen
}

## The connection (notices in the Online window and the side panel; $why
## is the connection's own words)

online-connection-lost = Verbindung verloren ({ $why }); neuer Versuch
online-closed = der Server hat sie geschlossen
online-cannot-connect = keine Verbindung zu { $server }: { $why }
online-unreadable = der Server hat Unlesbares gesendet: { $why }
online-cannot-show-table = dieses Spiel kann diesen Tisch nicht anzeigen: { $why }
online-no-runtime = die Laufzeitumgebung der Verbindung startet nicht: { $why }
online-no-thread = der Thread der Verbindung startet nicht: { $why }
# The browser's notification (the web page).
online-notification-your-turn = Du bist am Zug in Burrow (Partie { $code })
# A clock's time left: days and hours, hours and minutes ($hours and
# $minutes come with two digits), or seconds with tenths under ten seconds.
online-clock-left-days = { $days } Tg. { $hours } Std.
online-clock-left-hours = { $hours } Std. { $minutes } Min.
online-clock-left-seconds = { $seconds }

## The server's refusals, worded here from their kind (the server's own
## English message is only logged)

online-error-bad-message = Der Server hat eine Nachricht dieses Spiels nicht verstanden.
online-error-unsupported-version = Der Server spricht eine andere Version des Online-Spiels: Aktualisiere das Spiel.
online-error-too-large = Diese Nachricht war zu groß für den Server.
online-error-rate-limited = Zu viele Nachrichten: Warte einen Moment.
online-error-unknown-game = Es gibt keine Partie mit diesem Code.
online-error-not-your-seat = Du hast keinen Platz in dieser Partie.
online-error-table-full = Beide Plätze sind besetzt: Du kannst stattdessen zuschauen.
online-error-not-your-turn = Du bist nicht am Zug.
online-error-stale-turn = Dieser Zug wurde in einer früheren Stellung gewählt: Das Brett zeigt den aktuellen Stand der Partie.
online-error-illegal-turn = Der Server hat diesen Zug abgelehnt: Die Regeln erlauben ihn nicht.
online-error-game-over = Die Partie ist vorbei.
online-error-bad-setup = Der Server kann diese Partie nicht einrichten.
online-error-too-many-tables = Diese Verbindung folgt zu vielen laufenden Partien: Verlasse zuerst eine.
online-error-storage = Der Server konnte das nicht speichern; nichts hat sich geändert.
online-error-idle = Zu lange kam nichts an: Der Server hat die Verbindung geschlossen.
online-error-bad-name = Dieser Name ist nicht erlaubt.
online-error-name-taken = Dieser Name (oder ein ähnlich aussehender) gehört einem Konto: Wähle einen anderen oder melde dich an, um unter ihm zu spielen.
online-error-wrong-password = Name oder Passwort ist falsch.
online-error-bad-password = Dieses Passwort ist zu kurz oder zu lang.
online-error-bad-session = Deine Sitzung ist abgelaufen: Melde dich erneut an.
online-error-sign-in-first = Das dürfen nur angemeldete Spieler: Melde dich zuerst an (Konto).
online-error-unknown-player = Es gibt keinen Spieler mit diesem Namen.
online-error-bots-refused = Eine gewertete Partie zwischen einem Bot-Konto und einem Konto, das Bots ablehnt, wird nicht gespielt.
# A name refused, and why ($why: one of the online-name-rule messages).
online-error-bad-name-because = Dieser Name ist nicht erlaubt: { $why }.
online-name-rule-length = Ein Name hat { $min } bis { $max ->
    [one] { $max } Zeichen
   *[other] { $max } Zeichen
}
online-name-rule-character = Ein Name besteht nur aus Buchstaben und Ziffern (verbunden durch - _ oder .), nicht { $character }
online-name-rule-joiners = Ein Name beginnt und endet mit einem Buchstaben oder einer Ziffer und enthält nie zwei der Zeichen - _ . hintereinander
online-name-rule-script = Ein Name ist in einer einzigen Schrift geschrieben (keine gemischten Alphabete)
online-name-rule-reserved = Namen, die mit „{ $word }“ beginnen, sind den eigenen Spielern des Servers vorbehalten
online-error-with-note = { $words } (Der Server sagt: { $note })
