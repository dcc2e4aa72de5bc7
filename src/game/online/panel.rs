//! What the online panels share: what they read and send
//! ([`OnlinePanel`]), the Online window's choices ([`OnlineForm`]) and
//! tabs, and the game menus of the Play tab and a game's name in lists.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::ai::Level;
use crate::game::online::clock::{clock_label, clocks};
use crate::game::online::community::{Community, CommunityIntent};
use crate::game::online::seat::{Online, OnlineIntent};
use crate::game::play::Variants;
use crate::game::ui::NamedBy;
use crate::game::ui::words;
use crate::online::protocol::{ComputerLevel, SideChoice};

/// What the online panels read and send.
#[derive(bevy::ecs::system::SystemParam)]
pub struct OnlinePanel<'w> {
    pub online: Res<'w, Online>,
    pub community: Res<'w, Community>,
    pub variants: Res<'w, Variants>,
    pub online_intents: MessageWriter<'w, OnlineIntent>,
    pub community_intents: MessageWriter<'w, CommunityIntent>,
    pub time: Res<'w, Time<Real>>,
}

impl OnlinePanel<'_> {
    /// Whether the player is at an online table.
    pub fn is_active(&self) -> bool {
        self.online.is_active()
    }
}

/// The Online window's tabs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnlineTab {
    #[default]
    Play,
    Lobby,
    MyGames,
    Players,
    Account,
}

impl OnlineTab {
    pub const ALL: [OnlineTab; 5] = [
        OnlineTab::Play,
        OnlineTab::Lobby,
        OnlineTab::MyGames,
        OnlineTab::Players,
        OnlineTab::Account,
    ];

    /// The tab named in an address (`?online=`) or on the command line
    /// (`--online`): `play`, `lobby`, `my-games`, `players`, `account`;
    /// Play for any other.
    pub fn named(name: &str) -> OnlineTab {
        Self::ALL
            .into_iter()
            .find(|tab| tab.key() == name)
            .unwrap_or_default()
    }

    /// The tab's name on the command line and in the page's address.
    pub fn key(self) -> &'static str {
        match self {
            OnlineTab::Play => "play",
            OnlineTab::Lobby => "lobby",
            OnlineTab::MyGames => "my-games",
            OnlineTab::Players => "players",
            OnlineTab::Account => "account",
        }
    }

    /// The tab's name in the window.
    pub fn label(self) -> String {
        match self {
            OnlineTab::Play => crate::tr!("online-tab-play"),
            OnlineTab::Lobby => crate::tr!("online-tab-lobby"),
            OnlineTab::MyGames => crate::tr!("online-tab-my-games"),
            OnlineTab::Players => crate::tr!("online-tab-players"),
            OnlineTab::Account => crate::tr!("online-tab-account"),
        }
    }
}

/// Who a new table is for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TableFor {
    /// Private: a friend joins by its code or link.
    #[default]
    Friend,
    /// Listed in the lobby for anyone.
    Anyone,
    /// The server's computer at a level.
    Computer(Level),
}

/// The choices of the Online window.
#[derive(Resource, Clone, Debug)]
pub struct OnlineForm {
    pub server: String,
    pub name: String,
    pub variant: String,
    pub size: u8,
    /// Index into the clock choices (`clock::clocks`).
    pub clock: usize,
    pub side: SideChoice,
    pub table_for: TableFor,
    pub rated: bool,
    /// Pairing: the computer takes the seat if nobody comes in time.
    pub bot_after_wait: bool,
    pub code: String,
    pub tab: OnlineTab,
    pub password: String,
    /// The player whose page to find.
    pub find: String,
    /// The leaderboard's game.
    pub board_game: String,
    /// What the Players tab last asked for (the leaderboard's game, and
    /// whether the own page was asked for).
    pub asked: Option<(String, bool)>,
    /// Filled from the current Online state when the window first opens.
    pub ready: bool,
    /// A table was open at the last frame (one opening closes the window).
    pub was_active: bool,
}

impl Default for OnlineForm {
    fn default() -> OnlineForm {
        OnlineForm {
            server: String::new(),
            name: "guest".into(),
            variant: "box".into(),
            size: 6,
            clock: 2,
            side: SideChoice::White,
            table_for: TableFor::Friend,
            rated: false,
            bot_after_wait: true,
            code: String::new(),
            tab: OnlineTab::Play,
            password: String::new(),
            find: String::new(),
            board_game: "box".into(),
            asked: None,
            ready: false,
            was_active: false,
        }
    }
}

/// A game's name for lists: the variant's own name when this game has it.
pub fn game_name(data: &OnlinePanel, variant: &str) -> String {
    data.variants
        .get(variant)
        .map_or_else(|| variant.to_string(), |r| r.variant().name().to_string())
}

/// A player's name as the server gives it, in the player's words: the
/// server's computer (`computer (hard)`, a name no account may have) is
/// worded; anyone else's name is their own.
pub fn player_name(name: &str) -> String {
    name.strip_prefix("computer (")
        .and_then(|rest| rest.strip_suffix(')'))
        .and_then(|level| level.parse::<ComputerLevel>().ok())
        .map_or_else(|| crate::lang::printable(name).into_owned(), computer_name)
}

/// An account's name as shown, marked when a program plays it.
pub fn account_name(name: &str, bot: bool) -> String {
    // A name comes from the server: whatever it holds is shown, not obeyed.
    let name = crate::lang::printable(name);
    if bot {
        crate::tr!("online-bot-name", name = name.as_ref())
    } else {
        name.into_owned()
    }
}

/// The server's computer at `level`, in the player's words.
pub fn computer_name(level: ComputerLevel) -> String {
    crate::tr!("online-computer", level = words::level(Level::from(level)))
}

/// The game, board and clock menus (shared by pairing and new tables).
pub fn game_choice(ui: &mut egui::Ui, data: &OnlinePanel, form: &mut OnlineForm) {
    egui::Grid::new("online-new").num_columns(2).show(ui, |ui| {
        let label = ui.label(crate::tr!("online-game"));
        egui::ComboBox::from_id_salt("online-variant")
            .selected_text(game_name(data, &form.variant))
            .show_ui(ui, |ui| {
                for rules in data.variants.iter() {
                    let name = rules.variant().name().to_string();
                    ui.selectable_value(&mut form.variant, rules.id().to_string(), name);
                }
            })
            .response
            .named_by(label.id);
        ui.end_row();
        ui.label(crate::tr!("title-board"));
        ui.horizontal(|ui| {
            // The square boards the game is played on.
            let sizes = data
                .variants
                .get(&form.variant)
                .map_or(crate::rules::SizeRange::ALL, |r| r.sizes());
            let squares: Vec<u8> = sizes.squares().map(|s| s.files()).collect();
            if !squares.contains(&form.size)
                && let Some(&nearest) = squares.iter().min_by_key(|&&s| s.abs_diff(form.size))
            {
                form.size = nearest;
            }
            for size in squares {
                ui.selectable_value(&mut form.size, size, format!("{size}×{size}"));
            }
        });
        ui.end_row();
        let label = ui.label(crate::tr!("online-clock"));
        egui::ComboBox::from_id_salt("online-clock")
            .selected_text(clock_label(clocks()[form.clock]))
            .show_ui(ui, |ui| {
                for (i, clock) in clocks().into_iter().enumerate() {
                    ui.selectable_value(&mut form.clock, i, clock_label(clock));
                }
            })
            .response
            .named_by(label.id);
        ui.end_row();
    });
}

pub fn board_size(form: &OnlineForm) -> crate::rules::BoardSize {
    crate::rules::BoardSize::new(form.size, form.size).unwrap_or_default()
}

/// A list in rows (seeks, games, players), striped: `columns` to a row.
pub fn striped_list(ui: &mut egui::Ui, id: &str, columns: usize, add: impl FnOnce(&mut egui::Ui)) {
    egui::Grid::new(id)
        .num_columns(columns)
        .striped(true)
        .show(ui, add);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tabs_are_named_as_in_addresses() {
        assert_eq!(OnlineTab::named("my-games"), OnlineTab::MyGames);
        assert_eq!(OnlineTab::named("lobby"), OnlineTab::Lobby);
        assert_eq!(OnlineTab::named("account"), OnlineTab::Account);
        assert_eq!(OnlineTab::named("nonsense"), OnlineTab::Play);
    }

    #[test]
    fn the_server_s_computer_is_named_in_words_and_players_by_their_names() {
        assert_eq!(player_name("computer (hard)"), "computer (hard)");
        assert_eq!(
            player_name("computer (strongest)"),
            computer_name(ComputerLevel::Strongest)
        );
        assert_eq!(player_name("Ada"), "Ada");
        assert_eq!(player_name("computer (nonsense)"), "computer (nonsense)");
    }
}
