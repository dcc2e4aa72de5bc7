//! Online play's panels: the Online window, in tabs (Play: someone now,
//! a seek in the lobby, a table for a friend or the server's computer, a
//! code to join or watch; Lobby; My games; Players: leaderboards and
//! players' pages with their rating plot; Account), then, at the top of the
//! side panel, the table itself: the code and link, the players, the
//! clocks, resign, rematch and leave. A banner over the board says when the
//! connection is lost and retried; another brings the news of the player's
//! turn at another table.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::ai::Level;
use crate::game::community::{Community, CommunityIntent};
use crate::game::online::{Link, Online, OnlineIntent, result_text};
use crate::game::session::Variants;
use crate::online::protocol::{ClockSetting, DAY_MS, GameSetup, Side as NetSide, SideChoice};

use super::UiState;

/// What the online panels read and send.
#[derive(bevy::ecs::system::SystemParam)]
pub struct OnlinePanel<'w> {
    online: Res<'w, Online>,
    community: Res<'w, Community>,
    variants: Res<'w, Variants>,
    online_intents: MessageWriter<'w, OnlineIntent>,
    community_intents: MessageWriter<'w, CommunityIntent>,
    time: Res<'w, Time<Real>>,
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
    const ALL: [OnlineTab; 5] = [
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
            .find(|tab| tab.label().to_lowercase().replace(' ', "-") == name)
            .unwrap_or_default()
    }

    fn label(self) -> &'static str {
        match self {
            OnlineTab::Play => "Play",
            OnlineTab::Lobby => "Lobby",
            OnlineTab::MyGames => "My games",
            OnlineTab::Players => "Players",
            OnlineTab::Account => "Account",
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
#[derive(Clone, Debug)]
pub struct OnlineForm {
    pub server: String,
    pub name: String,
    pub variant: String,
    pub size: u8,
    /// Index into [`clocks`].
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

/// How long a paired player waits before the computer sits, when asked.
const BOT_WAIT_S: u32 = 30;

/// Time controls offered: none, live ones (minutes + seconds per turn),
/// correspondence ones (days per turn).
pub fn clocks() -> [Option<ClockSetting>; 8] {
    let live = |minutes: u64, seconds: u64| {
        Some(ClockSetting {
            initial_ms: minutes * 60_000,
            increment_ms: seconds * 1000,
            per_move: false,
        })
    };
    [
        None,
        live(1, 0),
        live(5, 3),
        live(10, 5),
        live(30, 10),
        Some(ClockSetting::days_per_move(1)),
        Some(ClockSetting::days_per_move(3)),
        Some(ClockSetting::days_per_move(7)),
    ]
}

pub fn clock_label(clock: Option<ClockSetting>) -> String {
    match clock {
        None => "no clock".into(),
        Some(c) if c.per_move => match c.initial_ms / DAY_MS {
            1 => "1 day per turn".into(),
            days => format!("{days} days per turn"),
        },
        Some(c) => format!(
            "{} min + {} s",
            c.initial_ms / 60_000,
            c.increment_ms / 1000
        ),
    }
}

/// `m:ss`, or `s.t` under ten seconds; hours and days for correspondence
/// (`5h 07m`, `2d 03h`).
pub fn clock_text(ms: u64) -> String {
    const HOUR_MS: u64 = 3_600_000;
    if ms >= DAY_MS {
        format!("{}d {:02}h", ms / DAY_MS, ms % DAY_MS / HOUR_MS)
    } else if ms >= HOUR_MS {
        format!("{}h {:02}m", ms / HOUR_MS, ms % HOUR_MS / 60_000)
    } else if ms < 10_000 {
        format!("{:.1}", ms as f64 / 1000.0)
    } else {
        let s = ms / 1000;
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Milliseconds since the Unix epoch (the browser's clock on the page).
fn epoch_ms() -> i64 {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.performance())
            .map_or(0, |p| (p.time_origin() + p.now()) as i64)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64)
    }
}

impl OnlinePanel<'_> {
    /// Whether the player is at an online table.
    pub fn is_active(&self) -> bool {
        self.online.is_active()
    }
}

/// The Online window.
pub fn online_window(
    mut contexts: EguiContexts,
    mut data: OnlinePanel,
    mut state: ResMut<UiState>,
) -> Result {
    let ctx = &contexts.ctx_mut()?.clone();
    let state = &mut *state;
    let data = &mut data;
    let form = &mut state.online_form;
    // Filled in from the settings when first opened.
    if state.show_online && !form.ready {
        form.server = data.online.server.clone();
        form.name = data.online.name.clone();
        form.ready = true;
    }
    // A table opened (from here or a link): the board shows it.
    let active = data.online.is_active();
    if active && !form.was_active {
        state.show_online = false;
    }
    form.was_active = active;
    if state.show_online && data.community.link == Link::Off && !form.server.trim().is_empty() {
        data.community_intents.write(CommunityIntent::Connect {
            server: form.server.trim().to_string(),
        });
    }
    let mut open = state.show_online;
    super::fitted(egui::Window::new("Online"), ctx)
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            tabs(ui, data, form);
        });
    if !open {
        state.show_online = false;
    }
    Ok(())
}

fn tabs(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm) {
    ui.horizontal(|ui| {
        ui.label("Server");
        ui.text_edit_singleline(&mut form.server)
            .on_hover_text("host:port of a `burrow serve`");
        let server = form.server.trim();
        if server != data.community.server && !server.is_empty() && ui.button("Connect").clicked() {
            data.community_intents.write(CommunityIntent::Connect {
                server: server.to_string(),
            });
        }
    });
    match (&data.community.account, data.community.link) {
        (Some(name), _) => ui.label(format!("Signed in as {name}")),
        (None, Link::Open) => ui.label("Playing as a guest"),
        (None, Link::Connecting) => ui.label("Connecting…"),
        (None, Link::Lost { .. }) => ui.label("Not connected: trying again…"),
        (None, Link::Off) => ui.label("Not connected"),
    };
    ui.horizontal(|ui| {
        for tab in OnlineTab::ALL {
            let mut label = tab.label().to_string();
            if tab == OnlineTab::MyGames && !data.community.your_turn.is_empty() {
                label.push_str(&format!(" ({})", data.community.your_turn.len()));
            }
            if ui.selectable_label(form.tab == tab, label).clicked() && form.tab != tab {
                form.tab = tab;
                match tab {
                    OnlineTab::MyGames => {
                        data.community_intents.write(CommunityIntent::MyGames);
                    }
                    OnlineTab::Players => form.asked = None,
                    _ => {}
                }
            }
        }
    });
    ui.separator();
    match form.tab {
        OnlineTab::Play => play_tab(ui, data, form),
        OnlineTab::Lobby => lobby_tab(ui, data, form),
        OnlineTab::MyGames => my_games_tab(ui, data, form),
        OnlineTab::Players => players_tab(ui, data, form),
        OnlineTab::Account => account_tab(ui, data, form),
    }
    let notice = data
        .online
        .notice
        .as_ref()
        .or(data.community.notice.as_ref());
    if let Some(notice) = notice {
        ui.colored_label(ui.visuals().warn_fg_color, notice);
    }
}

/// The game, board and clock menus (shared by pairing and new tables).
fn game_choice(ui: &mut egui::Ui, data: &OnlinePanel, form: &mut OnlineForm) {
    egui::Grid::new("online-new").num_columns(2).show(ui, |ui| {
        ui.label("Game");
        egui::ComboBox::from_id_salt("online-variant")
            .selected_text(game_name(data, &form.variant))
            .show_ui(ui, |ui| {
                for rules in data.variants.iter() {
                    let name = rules.variant().name().to_string();
                    ui.selectable_value(&mut form.variant, rules.id().to_string(), name);
                }
            });
        ui.end_row();
        ui.label("Board");
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
        ui.label("Clock");
        egui::ComboBox::from_id_salt("online-clock")
            .selected_text(clock_label(clocks()[form.clock]))
            .show_ui(ui, |ui| {
                for (i, clock) in clocks().into_iter().enumerate() {
                    ui.selectable_value(&mut form.clock, i, clock_label(clock));
                }
            });
        ui.end_row();
    });
}

fn board_size(form: &OnlineForm) -> crate::rules::BoardSize {
    crate::rules::BoardSize::new(form.size, form.size).unwrap_or_default()
}

fn play_tab(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm) {
    game_choice(ui, data, form);
    let signed_in = data.community.is_signed_in();
    if !signed_in {
        ui.horizontal(|ui| {
            ui.label("Your name");
            ui.text_edit_singleline(&mut form.name);
        });
    }
    ui.separator();
    ui.horizontal(|ui| {
        if ui
            .button("Play someone now")
            .on_hover_text(if signed_in {
                "A rated game against a player of about your rating"
            } else {
                "An unrated game against another guest (sign in for rated games)"
            })
            .clicked()
        {
            data.online_intents.write(OnlineIntent::Pair {
                server: form.server.clone(),
                variant: form.variant.clone(),
                size: board_size(form),
                clock: clocks()[form.clock],
                bot_after_s: form.bot_after_wait.then_some(BOT_WAIT_S),
            });
        }
        ui.checkbox(
            &mut form.bot_after_wait,
            format!("the computer after {BOT_WAIT_S} s if nobody comes"),
        );
    });
    ui.separator();
    ui.strong("New table");
    egui::Grid::new("online-table")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("You play");
            ui.horizontal(|ui| {
                ui.selectable_value(&mut form.side, SideChoice::White, "White");
                ui.selectable_value(&mut form.side, SideChoice::Black, "Black");
                ui.selectable_value(&mut form.side, SideChoice::Random, "Either");
            });
            ui.end_row();
            ui.label("Against");
            let label = |table_for: TableFor| match table_for {
                TableFor::Friend => "a friend (share the code)".to_string(),
                TableFor::Anyone => "anyone (listed in the lobby)".to_string(),
                TableFor::Computer(level) => format!("the server's computer ({level})"),
            };
            egui::ComboBox::from_id_salt("online-against")
                .selected_text(label(form.table_for))
                .show_ui(ui, |ui| {
                    for choice in [TableFor::Friend, TableFor::Anyone]
                        .into_iter()
                        .chain(Level::ALL.map(TableFor::Computer))
                    {
                        ui.selectable_value(&mut form.table_for, choice, label(choice));
                    }
                });
            ui.end_row();
            ui.label("Rated");
            ui.add_enabled(signed_in, egui::Checkbox::without_text(&mut form.rated))
                .on_disabled_hover_text("Sign in (Account) to play rated games");
            ui.end_row();
        });
    if ui.button("Create table").clicked() {
        data.online_intents.write(OnlineIntent::Create {
            server: form.server.clone(),
            setup: GameSetup {
                variant: form.variant.clone(),
                size: board_size(form),
                start: None,
                clock: clocks()[form.clock],
                design: None,
            },
            side: form.side,
            name: form.name.clone(),
            computer: match form.table_for {
                TableFor::Computer(level) => Some(level),
                _ => None,
            },
            public: form.table_for == TableFor::Anyone,
            rated: signed_in && form.rated,
        });
    }
    ui.separator();
    ui.strong("A friend's table");
    ui.horizontal(|ui| {
        ui.label("Code");
        ui.add(egui::TextEdit::singleline(&mut form.code).desired_width(90.0));
        let has_code = !form.code.trim().is_empty();
        if ui
            .add_enabled(has_code, egui::Button::new("Join"))
            .clicked()
        {
            data.online_intents.write(OnlineIntent::Join {
                server: form.server.clone(),
                code: form.code.clone(),
                name: form.name.clone(),
            });
        }
        if ui
            .add_enabled(has_code, egui::Button::new("Watch"))
            .clicked()
        {
            data.online_intents.write(OnlineIntent::Watch {
                server: form.server.clone(),
                code: form.code.clone(),
            });
        }
    });
}

/// A game's name for lists: the variant's own name when this game has it.
fn game_name(data: &OnlinePanel, variant: &str) -> String {
    data.variants
        .get(variant)
        .map_or_else(|| variant.to_string(), |r| r.variant().name().to_string())
}

fn lobby_tab(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm) {
    let Some(seeks) = &data.community.lobby else {
        ui.label("Waiting for the server…");
        return;
    };
    if seeks.is_empty() {
        ui.label("Nobody is waiting. Open a table for anyone (Play), or play someone now.");
        return;
    }
    let mut join = None;
    egui::ScrollArea::vertical()
        .max_height(320.0)
        .show(ui, |ui| {
            egui::Grid::new("online-lobby")
                .num_columns(5)
                .striped(true)
                .show(ui, |ui| {
                    for seek in seeks {
                        ui.label(format!("{} {}", game_name(data, &seek.variant), seek.size));
                        ui.label(clock_label(seek.clock));
                        let mut who = seek.name.clone();
                        if let Some(rating) = seek.rating {
                            who.push_str(&format!(" ({rating:.0})"));
                        }
                        ui.label(who);
                        ui.label(if seek.rated { "rated" } else { "casual" });
                        if ui.button("Join").clicked() {
                            join = Some(seek.code.clone());
                        }
                        ui.end_row();
                    }
                });
        });
    if let Some(code) = join {
        data.online_intents.write(OnlineIntent::Join {
            server: form.server.clone(),
            code,
            name: form.name.clone(),
        });
    }
}

fn my_games_tab(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm) {
    if !data.community.is_signed_in() {
        ui.label(
            "Sign in (Account) to keep your games on the server and play them from any device.",
        );
        return;
    }
    let games = &data.community.my_games;
    if games.is_empty() {
        ui.label("No running games.");
        return;
    }
    let now = epoch_ms();
    let mut open = None;
    egui::Grid::new("online-my-games")
        .num_columns(4)
        .striped(true)
        .show(ui, |ui| {
            for game in games {
                ui.label(format!("{} {}", game_name(data, &game.variant), game.size));
                ui.label(match &game.opponent {
                    Some(name) => format!("vs {name}"),
                    None => "waiting for a player".into(),
                });
                let left = game
                    .deadline_ms
                    .map(|d| clock_text(d.saturating_sub(now).max(0) as u64));
                let turn = if game.your_turn {
                    egui::RichText::new(match left {
                        Some(left) => format!("your turn, {left} left"),
                        None => "your turn".into(),
                    })
                    .strong()
                } else {
                    egui::RichText::new("their turn")
                };
                ui.label(turn);
                if ui.button("Open").clicked() {
                    open = Some(game.code.clone());
                }
                ui.end_row();
            }
        });
    if let Some(code) = open {
        data.community_intents
            .write(CommunityIntent::Seen { code: code.clone() });
        data.online_intents.write(OnlineIntent::Resume {
            server: form.server.clone(),
            code,
        });
    }
}

fn players_tab(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm) {
    // Once connected: the leaderboard, and the player's own page.
    if data.community.link == Link::Open {
        let own = data.community.account.clone();
        let asked = (form.board_game.clone(), own.is_some());
        if form.asked.as_ref() != Some(&asked) {
            data.community_intents.write(CommunityIntent::Leaderboard {
                game: form.board_game.clone(),
            });
            if let Some(name) = own.filter(|_| data.community.page.is_none()) {
                data.community_intents
                    .write(CommunityIntent::Player { name });
            }
            form.asked = Some(asked);
        }
    }
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt("online-board-game")
            .selected_text(game_name(data, &form.board_game))
            .show_ui(ui, |ui| {
                for rules in data
                    .variants
                    .iter()
                    .filter(|r| r.variant().design().is_none())
                {
                    let name = rules.variant().name().to_string();
                    ui.selectable_value(&mut form.board_game, rules.id().to_string(), name);
                }
            });
        ui.add(egui::TextEdit::singleline(&mut form.find).desired_width(110.0));
        if ui
            .add_enabled(
                !form.find.trim().is_empty(),
                egui::Button::new("Find player"),
            )
            .clicked()
        {
            data.community_intents.write(CommunityIntent::Player {
                name: form.find.trim().to_string(),
            });
        }
    });
    ui.columns(2, |columns| {
        leaderboard(&mut columns[0], data);
        player_page(&mut columns[1], data, form);
    });
}

fn leaderboard(ui: &mut egui::Ui, data: &mut OnlinePanel) {
    let Some((game, players)) = &data.community.leaderboard else {
        ui.label("Waiting for the server…");
        return;
    };
    ui.strong(format!("{} leaderboard", game_name(data, game)));
    if players.is_empty() {
        ui.label("No rated games yet.");
        return;
    }
    let mut show = None;
    egui::ScrollArea::vertical()
        .id_salt("leaderboard")
        .max_height(300.0)
        .show(ui, |ui| {
            egui::Grid::new("online-leaderboard")
                .num_columns(3)
                .striped(true)
                .show(ui, |ui| {
                    for (rank, player) in players.iter().enumerate() {
                        ui.label(format!("{}", rank + 1));
                        let computer = player.name.starts_with("computer (");
                        if computer {
                            ui.label(&player.name);
                        } else if ui.link(&player.name).clicked() {
                            show = Some(player.name.clone());
                        }
                        let mark = if player.provisional { "?" } else { "" };
                        ui.label(format!("{:.0}{mark}", player.rating.rating));
                        ui.end_row();
                    }
                });
        });
    if let Some(name) = show {
        data.community_intents
            .write(CommunityIntent::Player { name });
    }
}

fn player_page(ui: &mut egui::Ui, data: &OnlinePanel, form: &OnlineForm) {
    let Some(page) = &data.community.page else {
        ui.label("Pick a player to see their page.");
        return;
    };
    ui.heading(&page.name);
    for rating in &page.ratings {
        let mark = if rating.provisional { "?" } else { "" };
        ui.label(format!(
            "{}: {:.0}{mark} ±{:.0}, {} rated games",
            game_name(data, &rating.game),
            rating.rating.rating,
            rating.rating.deviation,
            rating.rating.games
        ));
    }
    // The rating's history in the leaderboard's game (or the first game
    // played rated).
    let game = if page.history.iter().any(|p| p.game == form.board_game) {
        form.board_game.clone()
    } else {
        page.history
            .first()
            .map(|p| p.game.clone())
            .unwrap_or_default()
    };
    let points: Vec<f64> = page
        .history
        .iter()
        .filter(|p| p.game == game)
        .map(|p| p.rating)
        .collect();
    if !points.is_empty() {
        ui.label(format!("Rating in {}", game_name(data, &game)));
        rating_plot(ui, &points);
    }
    ui.label(format!("Last games ({})", page.games.len()));
    egui::ScrollArea::vertical()
        .id_salt("player-games")
        .max_height(140.0)
        .show(ui, |ui| {
            for game in page.games.iter().take(30) {
                let side = match game.side {
                    NetSide::White => "white",
                    NetSide::Black => "black",
                };
                let result = match &game.winner {
                    None => "playing",
                    Some(winner) if winner == side => "won",
                    Some(_) => "lost",
                };
                let opponent = game.opponent.as_deref().unwrap_or("?");
                let rated = if game.rated { ", rated" } else { "" };
                ui.small(format!(
                    "{} {} vs {opponent}: {result} in {} turns{rated}",
                    game_name(data, &game.variant),
                    game.size,
                    game.turns
                ));
            }
        });
}

/// A player's ratings after each rated game, as a line.
fn rating_plot(ui: &mut egui::Ui, points: &[f64]) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(260.0, 110.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 4.0, visuals.extreme_bg_color);
    let (low, high) = points
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &p| {
            (l.min(p), h.max(p))
        });
    // At least 100 points of rating tall, centred on the line.
    let middle = (low + high) / 2.0;
    let half = ((high - low) / 2.0).max(50.0) * 1.15;
    let inner = rect.shrink2(egui::vec2(34.0, 8.0));
    let y = |rating: f64| {
        inner.bottom() - ((rating - (middle - half)) / (2.0 * half)) as f32 * inner.height()
    };
    let x = |i: usize| {
        if points.len() == 1 {
            inner.center().x
        } else {
            inner.left() + i as f32 / (points.len() - 1) as f32 * inner.width()
        }
    };
    let text = visuals.weak_text_color();
    for rating in [middle - half * 0.8, middle, middle + half * 0.8] {
        let at = y(rating);
        painter.line_segment(
            [egui::pos2(inner.left(), at), egui::pos2(inner.right(), at)],
            egui::Stroke::new(0.5, text),
        );
        painter.text(
            egui::pos2(rect.left() + 2.0, at),
            egui::Align2::LEFT_CENTER,
            format!("{rating:.0}"),
            egui::FontId::proportional(10.0),
            text,
        );
    }
    let line: Vec<egui::Pos2> = points
        .iter()
        .enumerate()
        .map(|(i, &p)| egui::pos2(x(i), y(p)))
        .collect();
    let colour = egui::Color32::from_rgb(220, 120, 40);
    painter.add(egui::Shape::line(
        line.clone(),
        egui::Stroke::new(2.0, colour),
    ));
    for point in line {
        painter.circle_filled(point, 3.0, colour);
    }
}

fn account_tab(ui: &mut egui::Ui, data: &mut OnlinePanel, form: &mut OnlineForm) {
    if let Some(name) = &data.community.account {
        ui.label(format!(
            "Signed in as {name}: your games are kept on the server and rated games count for you."
        ));
        ui.horizontal(|ui| {
            if ui.button("My page").clicked() {
                data.community_intents
                    .write(CommunityIntent::Player { name: name.clone() });
                form.tab = OnlineTab::Players;
            }
            if cfg!(target_arch = "wasm32") && ui.button("Allow notifications").clicked() {
                data.community_intents
                    .write(CommunityIntent::AllowNotifications);
            }
            if ui.button("Sign out").clicked() {
                data.community_intents.write(CommunityIntent::SignOut);
            }
        });
        return;
    }
    ui.label("An account keeps your games and rating on this server. No e-mail needed.");
    egui::Grid::new("online-account")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("Name");
            ui.text_edit_singleline(&mut form.name);
            ui.end_row();
            ui.label("Password");
            ui.add(egui::TextEdit::singleline(&mut form.password).password(true));
            ui.end_row();
        });
    let ready = !form.name.trim().is_empty() && !form.password.is_empty();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(ready, egui::Button::new("Sign in"))
            .clicked()
        {
            data.community_intents.write(CommunityIntent::SignIn {
                name: form.name.trim().to_string(),
                password: std::mem::take(&mut form.password),
            });
        }
        if ui
            .add_enabled(ready, egui::Button::new("Register"))
            .on_hover_text("A new account: a name nobody has, a password of 8 characters or more")
            .clicked()
        {
            data.community_intents.write(CommunityIntent::Register {
                name: form.name.trim().to_string(),
                password: std::mem::take(&mut form.password),
            });
        }
    });
}

/// The table, at the top of the side panel.
pub fn table(ui: &mut egui::Ui, data: &mut OnlinePanel) {
    ui.strong("Online");
    let online = &data.online;
    match online.link {
        Link::Open => {}
        Link::Connecting => {
            ui.label(format!("Connecting to {}…", online.server));
        }
        Link::Lost { .. } => {
            ui.colored_label(ui.visuals().warn_fg_color, "Connection lost: reconnecting…");
        }
        Link::Off => {}
    }
    if let Some(code) = &online.code {
        ui.horizontal(|ui| {
            ui.label("Code");
            ui.heading(code);
            if ui.button("Copy link").clicked()
                && let Some(link) = online.invitation()
            {
                ui.ctx().copy_text(link);
            }
        });
        if let Some(link) = online.invitation() {
            ui.small(link);
        }
    }
    let Some(table) = &online.table else {
        ui.label("Waiting for the server…");
        return;
    };
    let now = data.time.elapsed_secs_f64();
    let clocks = online.clocks(now);
    egui::Grid::new("online-seats")
        .num_columns(3)
        .show(ui, |ui| {
            for (side, seat) in [
                (NetSide::White, &table.view.white),
                (NetSide::Black, &table.view.black),
            ] {
                let you = online.side() == Some(side);
                let name = seat
                    .computer
                    .as_ref()
                    .map(|l| format!("computer ({l})"))
                    .or_else(|| seat.name.clone())
                    .unwrap_or_else(|| "(free seat)".into());
                let side_name = if side == NetSide::White {
                    "White"
                } else {
                    "Black"
                };
                ui.label(side_name);
                let mut text =
                    egui::RichText::new(if you { format!("{name} (you)") } else { name });
                if seat.name.is_some() && seat.computer.is_none() && !seat.connected {
                    text = text.weak();
                }
                ui.label(text);
                if let Some((left, running)) = clocks {
                    let mut t = egui::RichText::new(clock_text(left[side.index()])).monospace();
                    if running == Some(side) {
                        t = t.strong();
                    }
                    ui.label(t);
                } else {
                    ui.label("");
                }
                ui.end_row();
            }
        });
    let waiting = table.view.white.name.is_none() && table.view.white.computer.is_none()
        || table.view.black.name.is_none() && table.view.black.computer.is_none();
    if waiting {
        ui.label("Waiting for the other player: send them the code or the link.");
    }
    if table.view.rated {
        ui.small("Rated game");
    }
    if let Some(result) = result_text(online) {
        ui.strong(result);
    }
    let seated = online.side().is_some();
    ui.horizontal(|ui| {
        let over = table.view.result.is_some();
        if seated && !over && ui.button("Resign").clicked() {
            data.online_intents.write(OnlineIntent::Resign);
        }
        if seated && over {
            let offered = online
                .side()
                .is_some_and(|s| table.view.rematch_offers.contains(&s));
            let label = if offered {
                "Rematch offered"
            } else {
                "Rematch"
            };
            if ui.add_enabled(!offered, egui::Button::new(label)).clicked() {
                data.online_intents.write(OnlineIntent::Rematch);
            }
        }
        if ui.button("Leave").clicked() {
            data.online_intents.write(OnlineIntent::Leave);
        }
    });
    if let Some(notice) = &online.notice {
        ui.small(notice);
    }
}

/// The banner over the board while the connection is lost.
pub fn banner(mut contexts: EguiContexts, online: Res<Online>) -> Result {
    if !matches!(online.link, Link::Lost { .. }) || online.code.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let ctx = &ctx;
    egui::Area::new("online-banner".into())
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 8.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .fill(egui::Color32::from_rgb(150, 60, 30))
                .show(ui, |ui| {
                    ui.colored_label(
                        egui::Color32::WHITE,
                        "Connection to the server lost: reconnecting…",
                    );
                });
        });
    Ok(())
}

/// News of the player's turn at other tables, at the top right: open one,
/// or put the news away.
pub fn your_turn_news(
    mut contexts: EguiContexts,
    community: Res<Community>,
    mut online_intents: MessageWriter<OnlineIntent>,
    mut community_intents: MessageWriter<CommunityIntent>,
) -> Result {
    if community.your_turn.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    egui::Area::new("your-turn".into())
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-8.0, 8.0))
        .show(&ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                for code in community.your_turn.iter().take(3) {
                    ui.horizontal(|ui| {
                        ui.label(format!("Your turn in game {code}"));
                        if ui.button("Open").clicked() {
                            community_intents.write(CommunityIntent::Seen { code: code.clone() });
                            online_intents.write(OnlineIntent::Resume {
                                server: community.server.clone(),
                                code: code.clone(),
                            });
                        }
                        if ui.small_button("×").clicked() {
                            community_intents.write(CommunityIntent::Seen { code: code.clone() });
                        }
                    });
                }
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_in_days_hours_minutes_and_seconds() {
        assert_eq!(clock_text(3 * DAY_MS), "3d 00h");
        assert_eq!(clock_text(2 * DAY_MS + 5 * 3_600_000 + 1), "2d 05h");
        assert_eq!(clock_text(5 * 3_600_000 + 7 * 60_000), "5h 07m");
        assert_eq!(clock_text(65_000), "1:05");
        assert_eq!(clock_text(9_500), "9.5");
        assert_eq!(
            clock_label(Some(ClockSetting::days_per_move(1))),
            "1 day per turn"
        );
        assert_eq!(
            clock_label(Some(ClockSetting::days_per_move(7))),
            "7 days per turn"
        );
        assert_eq!(clock_label(clocks()[2]), "5 min + 3 s");
        // Every clock offered is one a server takes.
        assert!(clocks().iter().flatten().all(|c| c.check().is_ok()));
    }

    #[test]
    fn tabs_are_named_as_in_addresses() {
        assert_eq!(OnlineTab::named("my-games"), OnlineTab::MyGames);
        assert_eq!(OnlineTab::named("lobby"), OnlineTab::Lobby);
        assert_eq!(OnlineTab::named("account"), OnlineTab::Account);
        assert_eq!(OnlineTab::named("nonsense"), OnlineTab::Play);
    }
}
