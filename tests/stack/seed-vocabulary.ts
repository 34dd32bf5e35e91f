// Word lists the synthetic seed composes its articles and comments from. Lists are ordered from
// common to rare: the seed picks with a skew, so full-text searches for early words match many
// articles and searches for late words match few.
import type { ArticleCategory } from "@unbiased/worker-shared/contracts/articles";

export const TOPICS: Record<ArticleCategory, readonly string[]> = {
  tech: [
    "data centre", "payment app", "cloud service", "chip plant", "broadband network", "open-source tool", "robot trial",
    "battery recycling line", "speech recognition model", "cybersecurity drill", "satellite link", "sensor network",
    "quantum cooler", "game accessibility kit", "building permit assistant", "electric scooter software", "traffic signal system",
    "fibre-optic sensor", "drone delivery route", "offline wallet", "smart meter rollout", "weather model",
  ],
  politics: [
    "budget", "housing bill", "transport levy", "pension reform", "election timetable", "water bill", "planning rules",
    "school funding plan", "congestion charge", "digital identity law", "fishing quota", "drought plan", "rail bill",
    "peatland strategy", "flood defence plan", "internet voting review", "research fund", "rent cap", "tenancy code",
  ],
  world: [
    "bus network", "heatwave plan", "flood shelters", "ferry route", "market reopening", "seawall", "train service",
    "relief convoy", "clean water campaign", "mangrove planting", "timed entry scheme", "stove exchange", "trade summit",
    "customs deal", "night bus pilot", "coastal path", "river crossing", "cooling centres", "evacuation drill",
  ],
  business: [
    "factory", "merger", "export deal", "store trial", "shipyard order", "harvest", "funding round", "price rise",
    "rate decision", "cooperative", "sawmill closure", "solar panel plant", "wine shipment", "salmon exports",
    "tea auction", "coffee cooperative", "parts exports", "chocolate prices", "freight rates", "port strike",
  ],
  science: [
    "glacier survey", "coral study", "ice core", "meteorite", "enzyme", "bird migration study", "soil microbe trial",
    "frog species", "telescope result", "genome study", "dinosaur trackway", "vent field", "bee behaviour study",
    "perovskite cell", "lunar brick test", "mosquito sensor", "street tree study", "earthquake record", "seed bank",
  ],
};

export const ACTORS = [
  "city council", "regional government", "transport authority", "health ministry", "port authority", "university team",
  "central bank", "energy regulator", "water utility", "farmers' cooperative", "school board", "research institute",
  "trade union", "chamber of commerce", "local startup", "national parliament", "coastal agency", "museum",
  "hospital network", "weather service", "railway operator", "housing association", "fisheries agency", "space agency",
];

export const ACTIONS = [
  "approves", "launches", "delays", "expands", "tests", "reviews", "funds", "pauses", "unveils", "cancels",
  "backs", "rejects", "extends", "trials", "audits", "upgrades", "relocates", "reopens", "doubles", "scales back",
];

export const PAST_ACTIONS: Record<string, string> = {
  approves: "approved", launches: "launched", delays: "delayed", expands: "expanded", tests: "tested", reviews: "reviewed",
  funds: "funded", pauses: "paused", unveils: "unveiled", cancels: "cancelled", backs: "backed", rejects: "rejected",
  extends: "extended", trials: "trialled", audits: "audited", upgrades: "upgraded", relocates: "relocated",
  reopens: "reopened", doubles: "doubled", "scales back": "scaled back",
};

export const PLACES = [
  "Lisbon", "Nairobi", "Osaka", "Toronto", "Rotterdam", "Melbourne", "São Paulo", "Cairo", "Seoul", "Lagos", "Berlin",
  "Mumbai", "Mexico City", "Oslo", "Accra", "Lima", "Hanoi", "Dublin", "Warsaw", "Casablanca", "Santiago", "Auckland",
  "Vancouver", "Kampala", "Bogotá", "Jakarta", "Manila", "Helsinki", "Tallinn", "Montevideo", "Cusco", "Bergen",
  "Wellington", "Dakar", "Tunis", "Porto", "Gdańsk", "Seville", "Valencia", "Lyon", "Turin", "Kraków", "Bratislava",
  "Ljubljana", "Tbilisi", "Almaty", "Ulaanbaatar", "Kathmandu", "Colombo", "Sylhet", "Chiang Mai", "Da Nang", "Cebu",
  "Hobart", "Darwin", "Suva", "Apia", "Nuuk", "Reykjavík", "Tromsø", "Kiruna", "Tartu", "Kaunas", "Plovdiv", "Iași",
  "Mostar", "Split", "Bari", "Palermo", "Cádiz", "Faro", "Ponta Delgada", "Praia", "Mindelo", "Zanzibar", "Mombasa",
  "Kisumu", "Arusha", "Gulu", "Kigali", "Bujumbura", "Lusaka", "Blantyre", "Maputo", "Windhoek", "Gaborone", "Durban",
];

export const REASONS = [
  "to cut costs", "after complaints from residents", "because demand has risen", "in response to rising prices",
  "to meet new climate targets", "after a review found safety gaps", "because of staff shortages", "to reduce waiting times",
  "in order to attract investment", "after a dry summer", "because funding ran out", "to protect wildlife",
  "in response to a court ruling", "after two years of consultation", "to ease congestion", "because of a supply shortage",
];

export const MEANS = [
  "by hiring more staff", "using new sensors", "through a public consultation", "via a mobile app", "by raising fees",
  "using solar power", "through a partnership with local firms", "by sharing data with neighbouring cities",
  "using recycled materials", "by redrawing routes", "through a pilot scheme", "by training volunteers",
];

/** Rarer words woven into bodies, so some searches match only a handful of articles. */
export const DETAILS = [
  "budget", "timeline", "residents", "workers", "investors", "students", "engineers", "farmers", "drivers", "patients",
  "volunteers", "inspectors", "auditors", "commuters", "fishermen", "nurses", "archivists", "beekeepers", "cartographers",
  "glaziers", "luthiers", "orchardists", "stonemasons", "ferrymen", "lamplighters", "cobblers", "falconers", "vintners",
  "hydrologists", "seismologists", "palaeontologists", "mycologists", "limnologists", "speleologists", "ornithologists",
];

export const COMMENT_OPENERS = [
  "Good to see this.", "Not convinced.", "About time.", "Interesting read.", "This worries me.", "Finally some progress.",
  "I have questions.", "Great reporting.", "Hard to believe.", "We need more detail.", "Thanks for the summary.",
];

export const COMMENT_SENTENCES = [
  "The cost estimate seems optimistic to me.", "I live nearby and the change is already noticeable.",
  "It would help to know who pays for this in the long run.", "Other cities tried something similar with mixed results.",
  "The timeline looks tight given how long the last project took.", "I hope the council publishes the full report.",
  "This affects my commute every single day.", "Small businesses will feel this first.",
  "The numbers in the second paragraph do not add up.", "Good news for the people who have waited years for this.",
  "I would like to hear from the workers involved.", "The consultation was too short for most residents to respond.",
];

export const FIRST_NAMES = [
  "Ana", "Kofi", "Mei", "Lars", "Amara", "Diego", "Yuki", "Fatima", "Jonas", "Priya", "Tomás", "Ingrid", "Chidi", "Sofia",
  "Ravi", "Elena", "Kwame", "Hana", "Mateus", "Leila", "Oskar", "Nadia", "Tariq", "Zoe",
];

export const LAST_NAMES = [
  "Silva", "Mensah", "Tanaka", "Berg", "Okafor", "Ruiz", "Sato", "Haddad", "Keller", "Nair", "Costa", "Lund", "Eze",
  "Rossi", "Iyer", "Novak", "Boateng", "Kim", "Pereira", "Karimi", "Nilsson", "Petrova", "Aziz", "Moreau",
];
