# Burrow's words in French: the Online window and the server's messages as the client words them.
# The glossary is at the top of game.ftl in this folder; English (en/online.ftl)
# is the catalogue the other languages follow.

## The Online window's Play tab

online-your-name = Votre nom
online-play-someone = Jouer contre quelqu'un maintenant
online-play-someone-rated-hint = Une partie classée contre un joueur de cote voisine de la vôtre
online-play-someone-guest-hint = Une partie non classée contre un autre invité (identifiez-vous pour les parties classées)
online-computer-after = l'ordinateur après { $seconds } s si personne ne vient
online-new-table = Nouvelle table
online-you-play = Vous jouez
online-either-side = Au hasard
online-against = Contre
online-against-friend = un ami (partagez le code)
online-against-anyone = n'importe qui (table affichée dans le salon)
online-against-computer = l'ordinateur du serveur ({ $level })
online-rated = Classée
online-rated-sign-in = Identifiez-vous (Compte) pour jouer des parties classées
online-create-table = Créer la table
online-friends-table = La table d'un ami
online-join = Rejoindre
online-watch = Regarder

## The Lobby tab

online-lobby-empty = Personne n'attend. Ouvrez une table pour n'importe qui (Jouer), ou jouez contre quelqu'un maintenant.
online-name-rating = { $name } ({ $rating })
online-seek-rated = classée
online-seek-casual = amicale

## The My games tab

online-my-games-sign-in = Identifiez-vous (Compte) pour garder vos parties sur le serveur et les jouer depuis n'importe quel appareil.
online-no-running-games = Aucune partie en cours.
online-versus = contre { $name }
online-waiting-for-player = en attente d'un joueur
online-your-turn = à vous de jouer
online-your-turn-left = à vous de jouer, il reste { $left }
online-their-turn = à l'adversaire de jouer

## The Players tab: leaderboards and players' pages

online-find-player = Chercher un joueur
online-leaderboard = Classement de { $game }
online-no-rated-games = Aucune partie classée pour l'instant.
# A rating (cote); provisional: too few games for it to say much.
online-rating = { $rating }
online-rating-provisional = { $rating }?
online-pick-player = Choisissez un joueur pour voir sa page.
# $rating is online-rating or online-rating-provisional.
online-player-rating = { $game } : { $rating } ±{ $deviation }, { $count ->
    [one] { $count } partie classée
   *[other] { $count } parties classées
}
online-rating-in = Cote en { $game }
online-last-games = Dernières parties ({ $count })
# $result is "won", "lost" or "playing"; $rated is "yes" or "no".
online-played-game = { $game } { $size } contre { $opponent } : { $result ->
    [won] gagnée en { $turns ->
        [one] { $turns } tour
       *[other] { $turns } tours
    }
    [lost] perdue en { $turns ->
        [one] { $turns } tour
       *[other] { $turns } tours
    }
   *[playing] en cours, { $turns ->
        [one] { $turns } tour joué
       *[other] { $turns } tours joués
    }
}{ $rated ->
    [yes] , classée
   *[no] {""}
}

## The Account tab

online-account-signed-in = Connecté en tant que { $name } : vos parties sont gardées sur le serveur et les parties classées comptent pour vous.
online-my-page = Ma page
online-allow-notifications = Autoriser les notifications
online-sign-out = Se déconnecter
online-bot-name = { $name } (robot)
online-bot-account = Ceci est un compte robot : un programme le joue, et il est signalé comme robot.
online-refuse-bots = Refuser les parties classées contre des robots
online-refuse-bots-hint = Les comptes robots sont des programmes. Avec cette option, aucun ne prend place à vos tables classées, et vous ne prenez pas place aux leurs.
online-account-intro = Un compte garde vos parties et votre cote sur ce serveur. Aucune adresse e-mail n'est demandée.
online-name = Nom
online-password = Mot de passe
online-sign-in = S'identifier
online-register = Créer un compte
online-register-hint = Un nouveau compte : un nom que personne n'a, un mot de passe d'au moins { $count ->
    [one] { $count } caractère
   *[other] { $count } caractères
}

## The connection (notices in the Online window and the side panel; $why
## is the connection's own words)

online-connection-lost = connexion perdue ({ $why }) ; nouvel essai
online-closed = le serveur l'a fermée
online-cannot-connect = impossible de se connecter à { $server } : { $why }
online-unreadable = le serveur a envoyé un message illisible : { $why }
online-cannot-show-table = ce jeu ne peut pas afficher cette table : { $why }
online-no-runtime = impossible de démarrer l'environnement d'exécution de la connexion : { $why }
online-no-thread = impossible de démarrer le fil d'exécution de la connexion : { $why }
# The browser's notification (the web page).
online-notification-your-turn = À vous de jouer dans Burrow (partie { $code })
# A clock's time left: days and hours, hours and minutes ($hours and
# $minutes come with two digits), or seconds with tenths under ten seconds.
online-clock-left-days = { $days } j { $hours } h
online-clock-left-hours = { $hours } h { $minutes } min
online-clock-left-seconds = { $seconds }

## The server's refusals, worded here from their kind (the server's own
## English message is only logged)

online-error-bad-message = Le serveur n'a pas compris un message de ce jeu.
online-error-unsupported-version = Le serveur utilise une autre version du jeu en ligne : mettez le jeu à jour.
online-error-too-large = Ce message était trop long pour le serveur.
online-error-rate-limited = Trop de messages : patientez un instant.
online-error-unknown-game = Aucune partie n'a ce code.
online-error-not-your-seat = Vous n'avez pas de place dans cette partie.
online-error-table-full = Les deux places sont prises : vous pouvez plutôt regarder la partie.
online-error-not-your-turn = Ce n'est pas à vous de jouer.
online-error-stale-turn = Ce tour a été choisi dans une position dépassée : le plateau montre la partie telle qu'elle est.
online-error-illegal-turn = Le serveur a refusé ce tour : les règles ne le permettent pas.
online-error-game-over = La partie est terminée.
online-error-bad-setup = Le serveur ne peut pas préparer cette partie.
online-error-too-many-tables = Cette connexion suit trop de parties en cours : quittez-en une d'abord.
online-error-storage = Le serveur n'a pas pu l'enregistrer ; rien n'a changé.
online-error-idle = Rien n'a été reçu depuis trop longtemps : le serveur a fermé la connexion.
online-error-bad-name = Ce nom n'est pas autorisé.
online-error-name-taken = Ce nom (ou un nom qui lui ressemble) est celui d'un compte : choisissez-en un autre, ou identifiez-vous pour jouer sous ce nom.
online-error-wrong-password = Le nom ou le mot de passe est incorrect.
online-error-bad-password = Ce mot de passe est trop court ou trop long.
online-error-bad-session = Votre session est terminée : identifiez-vous de nouveau.
online-error-sign-in-first = Seul un joueur identifié peut faire cela : identifiez-vous d'abord (Compte).
online-error-unknown-player = Aucun joueur ne porte ce nom.
online-error-bots-refused = Une partie classée entre un compte robot et un compte qui refuse les robots n'est pas jouée.
# A name refused, and why ($why: one of the online-name-rule messages).
online-error-bad-name-because = Ce nom n'est pas autorisé : { $why }.
online-name-rule-length = un nom compte de { $min } à { $max ->
    [one] { $max } caractère
   *[other] { $max } caractères
}
online-name-rule-character = un nom ne contient que des lettres et des chiffres (reliés par - _ ou .), pas { $character }
online-name-rule-joiners = un nom commence et finit par une lettre ou un chiffre, sans deux signes - _ . à la suite
online-name-rule-script = un nom s'écrit dans une seule écriture (sans mélanger les alphabets)
online-name-rule-reserved = les noms commençant par « { $word } » sont réservés aux joueurs propres au serveur
online-error-with-note = { $words } (le serveur précise : { $note })
