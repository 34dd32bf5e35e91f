// A hand-labelled set for the six answers, by answer span: 50 articles of the project's own sample
// corpus (the first eight of each category file, and the ten at the end of the files that were
// written to state no cause, two of them with a stated means). For each field, the text of the
// article (headline or body) that states the answer for the story's main event, as written; several
// spans when the article states it in more than one place or names several actors; none ([]) when
// the article does not state it. Labelled by reading the articles, not from the summarizer's output,
// and frozen before the why and how finders were tuned (git log of this file). A fill counts as
// correct only when it overlaps one of its field's spans (tests/eval/span-match.ts).
//
// How the fields were read:
//   who   — the people and organisations the main event is about: its actors and the other side of it.
//   what  — the main event as the lead states it.
//   when  — the time of the event as written, with the calendar date a relative one means for the
//           evaluation's publication time (Sunday 22 November 2026, 09:00 UTC): "yesterday" is also
//           "21 November 2026", "this week" "the week of 16 November 2026", "on Monday" "16 November 2026".
//   where — the place of the event.
//   why   — a stated cause or purpose of the main event ("in response to forecasts", "aimed at cutting
//           costs", "after talks broke down", a quoted reason); a reason given only for a side detail,
//           or a plain sequence in time ("14 years after the plant arrived"), does not count.
//   how   — the stated means or manner of the main event ("by melting it with concentrated sunlight",
//           "by 174 votes to 161", "households hand in their stoves and receive heaters").
import type { Summary } from "../../workers/shared/src/summarizer/types.ts";

/** Each field's spans: the texts that state the answer, none when the article does not state it. */
export type FieldSpans = { key: string } & Record<keyof Summary, readonly string[]>;

export const SAMPLE_FIELD_SPANS: readonly FieldSpans[] = [
  {
    key: "business-rotterdam-dockworkers-strike-begins",
    who: ["dockworkers", "Havenbond Rotterdam", "Marieke Doorn", "Rotterdam Terminal Employers' Association"],
    what: [
      "About 4,200 dockworkers at the Port of Rotterdam walked off the job early yesterday, starting a 48-hour strike",
    ],
    when: ["early yesterday", "21 November 2026"],
    where: ["Port of Rotterdam", "Rotterdam"],
    why: [
      "over pay and automation",
      "after talks with the Rotterdam Terminal Employers' Association broke down last week",
      "The union is seeking a 6.5 percent pay rise and written guarantees that no permanent jobs will be cut",
    ],
    how: [],
  },
  {
    key: "business-rotterdam-strike-freight-rates",
    who: ["freight brokers", "Havenbond Rotterdam", "Corvane Shipping", "Sunita Raghavan", "Tidewater Analytics"],
    what: ["Spot rates for containers shipped from Asia to northern Europe rose about 4 percent yesterday"],
    when: ["yesterday", "21 November 2026"],
    where: ["Rotterdam", "northern Europe"],
    why: [
      "as Rotterdam strike delays container ships",
      "as a 48-hour dockworkers' strike in Rotterdam left dozens of vessels waiting at anchor",
    ],
    how: [],
  },
  {
    key: "business-rotterdam-strike-rhine-barges",
    who: ["barge operators in Duisburg and Cologne", "Rheinfracht Logistik", "Jens Hollmann", "Havenbond Rotterdam"],
    what: ["The dockworkers' strike at the Port of Rotterdam is beginning to affect inland shipping on the Rhine"],
    when: ["today", "22 November 2026"],
    where: ["Rhine", "Duisburg", "Cologne", "Rotterdam"],
    why: [
      "The dockworkers' strike at the Port of Rotterdam",
      "With container handling largely halted since yesterday",
      "began in response to a stalled wage negotiation",
    ],
    how: [],
  },
  {
    key: "business-rotterdam-strike-mediation-talks",
    who: ["Havenbond Rotterdam", "Rotterdam Terminal Employers' Association", "Hendrik Zwart"],
    what: [
      "The dockworkers' union Havenbond Rotterdam and the Rotterdam Terminal Employers' Association agreed today to begin mediated talks tomorrow",
    ],
    when: ["today", "22 November 2026", "tomorrow", "23 November 2026"],
    where: ["Rotterdam"],
    why: [
      "as a 48-hour strike that has paralysed container handling at the port nears its end",
      "My aim is to find an agreement that deals with pay now and with automation over the next ten years",
    ],
    how: [],
  },
  {
    key: "business-mombasa-tea-auction-prices",
    who: [
      "East African Tea Traders Association",
      "Pakistani and Egyptian packers",
      "brokers",
      "Amina Mwangi",
      "Coastline Tea Brokers",
    ],
    what: ["Average prices at the weekly tea auction in Mombasa rose to their highest level in eight months this week"],
    when: ["this week", "the week of 16 November 2026"],
    where: ["Mombasa"],
    why: [
      "on strong demand from Pakistan",
      "lifted by strong buying from Pakistani and Egyptian packers",
      "buyers were restocking after a period of cautious purchasing earlier this year",
      "dry weather in parts of the Kenyan highlands around Kericho had reduced the volume of top-grade leaf",
    ],
    how: [],
  },
  {
    key: "business-osaka-regional-banks-merger",
    who: ["Naniwa Shinko Bank", "Kawachi Regional Bank", "Kenji Morimoto"],
    what: [
      "Two regional lenders in western Japan, Naniwa Shinko Bank and Kawachi Regional Bank, said they had agreed to merge under a new holding company by April 2027",
    ],
    when: ["by April 2027"],
    where: ["Kansai", "Osaka", "western Japan"],
    why: [
      "to cut costs",
      "aimed at sharing the cost of new digital systems and responding to a shrinking population in parts of their home region",
      "it no longer makes sense for two banks of our size to build those systems separately",
    ],
    how: [
      "under a new holding company",
      "shareholders of Kawachi Regional Bank will receive 0.72 shares of the new holding company for each share they own",
    ],
  },
  {
    key: "business-minas-gerais-coffee-cooperative-dryers",
    who: [
      "Cooperativa Cafeicultora Serra Verde",
      "Rodrigo Albuquerque",
      "A coffee cooperative in southern Minas Gerais",
    ],
    what: ["said this week it will spend 46 million reais installing solar-powered bean dryers for its members"],
    when: ["this week", "the week of 16 November 2026"],
    where: ["Minas Gerais", "Varginha", "Brazil"],
    why: [
      "to cut costs",
      "aimed at cutting fuel costs and improving bean quality",
      "our members can sell more of their crop into the speciality market, where prices are higher",
    ],
    how: [
      "installing solar-powered bean dryers",
      "through a loan from a regional development bank and a small levy on members' sales",
    ],
  },
  {
    key: "business-new-zealand-rate-hold",
    who: ["Reserve Bank of New Zealand", "Monetary Policy Committee"],
    what: ["The Reserve Bank of New Zealand left its official cash rate unchanged at 3.25 percent yesterday"],
    when: ["yesterday", "21 November 2026"],
    where: ["New Zealand", "Wellington"],
    why: [
      "saying inflation was close to the middle of its target range and that it wanted more time to see how earlier rate cuts were affecting the economy",
    ],
    how: [],
  },
  {
    key: "politics-canada-budget-vote-preview",
    who: ["The junior partner in Canada's governing coalition", "Nadia Ferreira-Lapointe"],
    what: [
      "The junior partner in Canada's governing coalition said today it will vote for the federal budget in the House of Commons",
    ],
    when: ["today", "22 November 2026", "tomorrow evening", "23 November 2026"],
    where: ["Ottawa", "House of Commons", "Canada", "Parliament Hill"],
    why: [
      "her caucus had secured changes to the budget's housing measures during negotiations last week",
      "We said we would judge this budget on whether it helps people find a place to live they can afford",
    ],
    how: [],
  },
  {
    key: "politics-canada-budget-passes-commons",
    who: ["Canada's governing coalition", "House of Commons", "Élise Fontaine"],
    what: [
      "Canada's governing coalition won a confidence vote on its federal budget last night, with the House of Commons approving the spending plan by 174 votes to 161",
    ],
    when: ["last night", "21 November 2026"],
    where: ["Ottawa", "House of Commons", "Canada"],
    why: [],
    how: [
      "by 174 votes to 161",
      "Both coalition parties voted in favour, while the Official Opposition and two smaller parties voted against",
    ],
  },
  {
    key: "politics-canada-budget-housing-fund-details",
    who: ["Élise Fontaine", "Nadia Ferreira-Lapointe", "Provinces and municipalities", "builders"],
    what: [
      "attention in Ottawa is turning to how its largest new programme, a 9 billion Canadian dollar housing construction fund, will reach builders and provinces",
    ],
    when: ["last night", "21 November 2026", "over five years", "by 2030"],
    where: ["Ottawa", "Canada"],
    why: ["the aim is to add about 120,000 rental units by 2030", "That clause was the reason we could vote yes"],
    how: [
      "the fund will offer low-cost loans and grants for rental housing projects over five years",
      "Provinces and municipalities that speed up permits and allow more homes near transit will receive priority",
    ],
  },
  {
    key: "politics-canada-budget-market-reaction",
    who: ["Investors", "Rafael Quintero", "Lakeshore Investment Partners", "Northstar Ratings"],
    what: ["The Canadian dollar and government bond prices were little changed today"],
    when: ["today", "22 November 2026"],
    where: ["Canada", "Ottawa", "Toronto"],
    why: [
      "after the federal budget passed a confidence vote in the House of Commons, removing the immediate risk of an early election in Canada",
      "The market had largely expected the budget to pass once the junior coalition partner confirmed its support",
    ],
    how: [],
  },
  {
    key: "politics-melbourne-council-approves-congestion-charge",
    who: ["Melbourne City Council", "Daniel Kourakis", "Priya Sandhu"],
    what: [
      "Melbourne City Council voted last night to introduce a daily congestion charge for cars entering the city's central grid",
    ],
    when: ["last night", "21 November 2026", "July 2027"],
    where: ["Melbourne", "Town Hall", "Hoddle Grid"],
    why: [
      "the charge was aimed at reducing traffic, improving air quality and funding better public space",
      "This is about giving people faster, safer ways into the city",
    ],
    how: [
      "by seven votes to four",
      "Cameras at 46 entry points would read number plates, and drivers would pay online or through an account",
      "drivers of private cars would pay 11 Australian dollars a day to enter the Hoddle Grid",
    ],
  },
  {
    key: "politics-melbourne-congestion-charge-business-reaction",
    who: [
      "Retailers and delivery companies in central Melbourne",
      "Melbourne CBD Traders Alliance",
      "Rosa Castellano",
      "Yarra Couriers",
      "Ben Haddad",
    ],
    what: [
      "Retailers and delivery companies in central Melbourne gave a mixed response today to the City Council's decision to approve a daily congestion charge",
    ],
    when: ["today", "22 November 2026"],
    where: ["Melbourne", "Hoddle Grid"],
    why: [
      "many shop owners were worried about losing suburban customers",
      "his drivers spend up to a third of each shift in traffic in the grid",
    ],
    how: [],
  },
  {
    key: "politics-melbourne-congestion-charge-explainer",
    who: ["Melbourne City Council", "Daniel Kourakis", "Victorian Parliament", "Priya Sandhu"],
    what: [
      "Melbourne City Council's vote to approve a congestion charge is only the first step",
      "the scheme will need state legislation, a consultation period and new camera infrastructure before any driver pays it",
    ],
    when: ["last night", "21 November 2026", "July 2027", "early next year"],
    where: ["Melbourne", "Hoddle Grid"],
    why: ["Because roads and tolling are largely governed by state law"],
    how: [
      "recorded by number plate cameras at 46 points",
      "Private cars entering between 7am and 7pm on weekdays would be charged 11 Australian dollars a day",
      "by seven votes to four",
    ],
  },
  {
    key: "politics-bundestag-committee-rail-bill",
    who: ["The transport committee of Germany's Bundestag", "Ulrike Brandstätter"],
    what: [
      "The transport committee of Germany's Bundestag approved a bill yesterday that would set aside 18 billion euros over six years to repair and replace railway bridges",
    ],
    when: ["yesterday", "21 November 2026", "next month"],
    where: ["Berlin", "Germany"],
    why: [
      "to repair and replace railway bridges",
      "ageing structures force trains to slow down on key routes, contributing to delays for passengers and freight",
      "This bill gives planners certainty about funding, so repairs can be scheduled years ahead",
    ],
    how: [
      "The legislation creates a dedicated fund for bridges on the national rail network",
      "set aside 18 billion euros over six years",
    ],
  },
  {
    key: "science-azores-vent-field-discovered",
    who: [
      "An international research expedition",
      "Institute for Deep Ocean Research in Horta",
      "Catarina Mendes Albuquerque",
    ],
    what: [
      "An international research expedition has discovered a previously unknown field of hydrothermal vents on the floor of the Atlantic Ocean",
    ],
    when: ["yesterday", "21 November 2026"],
    where: ["Azores", "Faial", "Horta", "Atlantic Ocean", "Mid-Atlantic Ridge"],
    why: [],
    how: [
      "using towed sensors that detected plumes of warm, cloudy water, then mapped the seafloor with an autonomous underwater vehicle",
      "sending down the remotely operated vehicle Tágide to film the chimneys and collect samples",
    ],
  },
  {
    key: "science-azores-vent-field-how-it-was-found",
    who: ["Researchers from the Institute for Deep Ocean Research in Horta", "Jonas Hallberg", "Aiyana Brooks"],
    what: [
      "Researchers from the Institute for Deep Ocean Research in Horta located a new hydrothermal vent field on the Mid-Atlantic Ridge",
    ],
    when: ["this week", "the week of 16 November 2026"],
    where: ["Mid-Atlantic Ridge", "Faial", "Horta", "Azores"],
    why: [],
    how: [
      "by following faint chemical traces through the water for nearly three weeks",
      "a sensor package towed behind the research vessel Mar Profundo",
      "used an autonomous underwater vehicle to map the seafloor by sonar",
    ],
  },
  {
    key: "science-azores-vent-field-international-team",
    who: [
      "Scientists from seven countries",
      "Institute for Deep Ocean Research in Horta",
      "Catarina Mendes Albuquerque",
    ],
    what: [
      "Scientists from seven countries working aboard a Portuguese research vessel have mapped a newly discovered field of deep-sea hot springs in the Atlantic near the Azores",
    ],
    when: [],
    where: ["Azores", "Atlantic", "Faial"],
    why: [
      "No single institution in our region could afford to run this alone",
      "shows the value of pooling ships, instruments and expertise",
    ],
    how: [
      "Each partner contributed equipment or funding",
      "The autonomous vehicle that mapped the seafloor was lent by a French research group",
    ],
  },
  {
    key: "science-azores-vent-field-protection-review",
    who: ["The regional government of the Azores", "Paulo Medeiros"],
    what: [
      "The regional government of the Azores said today it would assess whether a newly discovered deep-sea hydrothermal vent field should be added to the archipelago's network of marine protected areas",
    ],
    when: ["today", "22 November 2026"],
    where: ["Azores", "Faial", "Horta"],
    why: [
      "after scientists released the first images of the site this week",
      "Our first step is to understand what is there and how fragile it is",
      "vent communities can be slow to recover from disturbance",
    ],
    how: ["the scientific findings would be reviewed by an advisory panel before any decision"],
  },
  {
    key: "science-toulouse-lunar-soil-bricks",
    who: ["Engineers at the Occitanie Institute of Space Engineering in Toulouse", "Hélène Marchetti-Roux"],
    what: [
      "Engineers at the Occitanie Institute of Space Engineering in Toulouse have made bricks from simulated lunar soil",
    ],
    when: [],
    where: ["Toulouse"],
    why: [
      "aimed at reducing the amount of building material future Moon missions would need to launch from Earth",
      "Every kilogram sent to the Moon is expensive",
    ],
    how: [
      "by melting it with concentrated sunlight",
      "The team used an array of mirrors to focus sunlight onto thin layers of regolith simulant",
      "using sunlight",
    ],
  },
  {
    key: "science-red-sea-coral-heat-tolerance",
    who: ["researchers in Aqaba", "Gulf of Aqaba Marine Research Station", "Layla Haddad"],
    what: [
      "Corals from the northern Red Sea withstood water temperatures well above their usual summer maximum without widespread bleaching in laboratory experiments",
    ],
    when: ["this week", "the week of 16 November 2026"],
    where: ["Red Sea", "Aqaba", "Jordan"],
    why: [
      "the tolerance may be explained by the corals' history",
      "corals are thought to have recolonised the northern Red Sea from the much hotter south, which may have favoured heat-resistant populations",
    ],
    how: [
      "placed them in tanks where the temperature was raised gradually over six weeks",
      "collected fragments from six coral species",
    ],
  },
  {
    key: "science-ethiopia-teff-genome-diversity",
    who: ["Scientists in Addis Ababa", "Ethiopian Highlands Agricultural Research Centre", "Meron Tadesse"],
    what: ["Scientists in Addis Ababa have sequenced the genomes of 320 varieties of teff"],
    when: [],
    where: ["Addis Ababa", "Ethiopia"],
    why: [
      "aimed at breeding types that tolerate drought and do not fall over before harvest",
      "to breed sturdier varieties",
    ],
    how: [
      "By comparing the genomes with field measurements",
      "collected samples from farmers' fields and a national seed collection",
    ],
  },
  {
    key: "science-hobart-antarctic-ice-core",
    who: ["A team from the Tasman Polar Institute", "Rahul Menon", "Fiona McAllister"],
    what: [
      "A team from the Tasman Polar Institute returned to Hobart this week with an ice core drilled 1,200 metres deep in East Antarctica",
    ],
    when: ["this week", "the week of 16 November 2026"],
    where: ["Hobart", "East Antarctica", "Antarctic"],
    why: ["We want to see how quickly the climate shifted at the end of past ice ages"],
    how: [
      "drilled over two summer seasons at a remote camp on the Antarctic plateau",
      "shipped to Tasmania in refrigerated containers kept at minus 25 degrees Celsius",
    ],
  },
  {
    key: "tech-brussels-chip-export-debate-opens",
    who: ["Members of the European Parliament", "European Commission", "Margit Olander"],
    what: [
      "Members of the European Parliament began debating a proposal in Brussels yesterday that would replace 27 separate national export-licensing systems for advanced chipmaking equipment with a single EU-wide procedure",
    ],
    when: ["yesterday", "21 November 2026"],
    where: ["Brussels", "European Parliament"],
    why: [
      "the current patchwork means identical machines can face different rules depending on which member state they leave from",
      "This is about predictability as much as security",
    ],
    how: [],
  },
  {
    key: "tech-chip-export-rule-technical-annex",
    who: ["Lawmakers in Brussels", "Margit Olander", "Anneliese Körber", "European Commission"],
    what: [
      "Lawmakers in Brussels this week began examining the technical annex of a proposed EU rule on chipmaking equipment exports",
    ],
    when: ["this week", "the week of 16 November 2026"],
    where: ["Brussels"],
    why: [],
    how: [
      "The annex is built around process capability",
      "the European Commission would run a shared digital register so that national customs officers can check licences in real time",
    ],
  },
  {
    key: "tech-chip-equipment-makers-weigh-costs",
    who: [
      "European manufacturers of semiconductor equipment",
      "European Semiconductor Equipment Alliance",
      "Joost Hendriksen",
      "Kestrel Lithography",
    ],
    what: [
      "European manufacturers of semiconductor equipment are assessing how a proposed EU-wide licensing regime would affect their order books",
    ],
    when: ["this week", "the week of 16 November 2026", "today", "22 November 2026"],
    where: ["Brussels", "Eindhoven", "Dresden", "Grenoble", "Europe"],
    why: [
      "after lawmakers in Brussels opened debate on the rule this week",
      "a single licensing window could cut administrative costs, because firms currently navigate as many as 27 national procedures",
    ],
    how: [],
  },
  {
    key: "tech-member-states-split-chip-export-rule",
    who: ["National governments", "Elena Marchetti", "Margit Olander", "European Commission"],
    what: ["National governments are divided over a proposed EU regulation on exports of chipmaking equipment"],
    when: ["today", "22 November 2026"],
    where: ["Brussels"],
    why: [
      "because export controls have traditionally been a national responsibility",
      "Member states with large equipment industries tend to favour harmonisation, while others want final licensing decisions to remain in national hands",
    ],
    how: [],
  },
  {
    key: "tech-nordic-cloud-outage-banking-apps",
    who: ["Nimbrix Cloud", "Skarholm Bank", "Vestfjord Sparebank", "Øresund Andelsbank", "Henrik Aalto"],
    what: [
      "A failure at cloud computing provider Nimbrix Cloud knocked out mobile banking apps and some card payment services for customers of three Nordic banks yesterday morning",
    ],
    when: ["yesterday morning", "21 November 2026"],
    where: ["Sweden", "Norway", "Denmark", "Stockholm", "Oslo"],
    why: [
      "A failure at cloud computing provider Nimbrix Cloud",
      "the disruption was caused by a fault in the networking systems of its Nordic region",
    ],
    how: [],
  },
  {
    key: "tech-nordic-banks-refunds-after-outage",
    who: ["Three Nordic banks", "Vestfjord Sparebank", "Skarholm Bank", "Øresund Andelsbank", "Ingrid Solberg Haugen"],
    what: [
      "Three Nordic banks said today they would refund fees and cover extra costs for customers affected by an outage at Nimbrix Cloud",
    ],
    when: ["today", "22 November 2026"],
    where: ["Bergen", "Gothenburg", "Copenhagen", "Sweden", "Norway", "Denmark"],
    why: [
      "Our customers did nothing wrong, so they should not pay anything for this",
      "after cloud failure halts app access",
      "affected by an outage at Nimbrix Cloud that left about 1.2 million people unable to use digital banking",
    ],
    how: [
      "Anyone who missed a payment deadline because of the outage will have charges reversed automatically",
      "kept branches open two hours longer than usual",
    ],
  },
  {
    key: "tech-nimbrix-outage-configuration-update",
    who: ["Nimbrix Cloud", "Henrik Aalto"],
    what: [
      "Nimbrix Cloud said today that the outage which disrupted banking services in Sweden, Norway and Denmark was caused by a configuration update",
    ],
    when: ["today", "22 November 2026"],
    where: ["Stockholm", "Oslo", "Sweden", "Norway", "Denmark"],
    why: [
      "was caused by a configuration update to its internal traffic-routing software that reached two data centre zones at once",
      "Our staged rollout safeguard was bypassed because the change was wrongly classified as low risk",
    ],
    how: [
      "Because the same change hit both the Stockholm and Oslo zones within minutes, the automatic failover designed to move traffic to a healthy zone had nowhere to send it",
      "Once the change went live at 6:02 a.m., requests to affected services were dropped",
      "the update contained a faulty rule in the system that directs traffic between its load balancers and customer applications",
    ],
  },
  {
    key: "tech-nordic-outage-cloud-reliance-questions",
    who: [
      "Financial supervisors in Sweden, Norway and Denmark",
      "Finansinspektionen",
      "Liv Marstrand",
      "Jonas Ekdahl",
      "Skarholm Bank",
    ],
    what: [
      "Financial supervisors in Sweden, Norway and Denmark have asked three banks for detailed reports on this week's outage at Nimbrix Cloud",
    ],
    when: ["this week", "the week of 16 November 2026", "within 14 days"],
    where: ["Sweden", "Norway", "Denmark"],
    why: [
      "as officials examine how lenders manage their dependence on outside technology providers",
      "European rules on digital operational resilience require banks to report major technology incidents",
    ],
    how: [],
  },
  {
    key: "world-andalusia-heatwave-plan-activated",
    who: ["The regional government of Andalusia", "AEMET", "Rocío Almansa"],
    what: ["The regional government of Andalusia activated its summer heatwave response plan today"],
    when: ["today", "22 November 2026"],
    where: ["Andalusia", "Córdoba", "Seville"],
    why: [
      "in response to forecasts of temperatures reaching 44°C in Córdoba and 43°C in Seville over the coming days",
      "as Córdoba braces for 44°C",
    ],
    how: [
      "opening 260 climate shelters across the provinces of Seville and Córdoba and restricting some outdoor work during the hottest hours",
      "Under the plan, construction and agricultural work in the open air must pause between 2 p.m. and 6 p.m.",
    ],
  },
  {
    key: "world-seville-climate-shelters-neighbourhoods",
    who: ["Seville city council", "Javier Ortuño"],
    what: [
      "Seville city council said today it will run 74 of the 260 climate shelters opened under Andalusia's new heatwave plan",
    ],
    when: ["today", "22 November 2026"],
    where: ["Seville", "Macarena", "Triana", "Cerro-Amate"],
    why: [
      "aimed at residents who have no air conditioning at home",
      "Many flats in these neighbourhoods were built decades before modern insulation rules, so the heat simply builds up inside",
    ],
    how: [
      "converting libraries, civic centres and sports halls into cool rooms",
      "stretching shade sails over 30 squares and school playgrounds",
    ],
  },
  {
    key: "world-andalusia-heat-island-sensor-map",
    who: ["researchers at the Guadalquivir Climate Institute", "Tomás Arjona"],
    what: [
      "A network of 120 street-level temperature sensors installed across Seville and Córdoba has shaped where Andalusia will open its 260 climate shelters",
    ],
    when: ["this week", "the week of 16 November 2026"],
    where: ["Seville", "Córdoba", "Andalusia"],
    why: [
      "because dense buildings and asphalt release stored heat slowly after sunset",
      "it is the nights that do not cool down that put the most strain on the body",
      "to prioritise libraries and civic centres within walking distance of the most exposed residents",
    ],
    how: [
      "Their maps were combined with census data on age and household size",
      "The sensors, mounted on lamp posts at head height, record air and surface temperatures every ten minutes",
    ],
  },
  {
    key: "world-accra-kaneshie-market-reopens",
    who: ["Traders", "city authorities", "Kwesi Darko", "Abena Owusu-Mensah"],
    what: ["Traders began moving back into a renovated market complex in Accra's Kaneshie district today"],
    when: ["today", "22 November 2026"],
    where: ["Accra", "Kaneshie"],
    why: [
      "to reduce crowding and flooding",
      "The old market flooded almost every June, and traders lost stock each time",
    ],
    how: [
      "Engineers replaced the old drainage channels",
      "added tanks that collect rainwater",
      "Stalls are being allocated in phases",
      "with rooftop solar and new drainage",
    ],
  },
  {
    key: "world-quebec-st-lawrence-hybrid-ferry",
    who: ["provincial ferry operator", "Marie-Josée Thibodeau", "Luc Bergeron"],
    what: [
      "A new battery-diesel hybrid ferry began carrying passengers across the St Lawrence River between Rivière-du-Loup and Saint-Siméon today",
    ],
    when: ["today", "22 November 2026"],
    where: ["St Lawrence River", "Rivière-du-Loup", "Saint-Siméon", "Quebec"],
    why: [
      "replacing a 41-year-old vessel whose frequent mechanical breakdowns had disrupted the crossing in recent summers",
      "Reliability was the first goal",
    ],
    how: ["It runs on batteries when manoeuvring in port and switches to diesel generators in open water"],
  },
  {
    key: "world-ulaanbaatar-coal-stove-exchange",
    who: ["The city government of Ulaanbaatar", "Batbayar Ganzorig"],
    what: [
      "The city government of Ulaanbaatar will replace coal-burning stoves with electric heaters in 22,000 more households in its ger districts before winter",
    ],
    when: ["before winter", "yesterday", "21 November 2026"],
    where: ["Ulaanbaatar", "Mongolian capital"],
    why: ["aimed at reducing the smoke that blankets the Mongolian capital during the coldest months"],
    how: [
      "households hand in their coal stoves and receive 2-kilowatt electric heaters at no charge",
      "replace coal-burning stoves with electric heaters",
    ],
  },
  {
    key: "world-mekong-delta-salt-tolerant-rice",
    who: [
      "Rice farmers",
      "agricultural authorities in Ca Mau and Soc Trang provinces",
      "Mekong Delta Crop Resilience Institute",
      "Nguyen Thi Lan Anh",
    ],
    what: [
      "Rice farmers across about 40,000 hectares of Vietnam's Mekong Delta will plant salt-tolerant varieties in the coming season",
    ],
    when: ["in the coming season", "this week", "the week of 16 November 2026"],
    where: ["Mekong Delta", "Ca Mau", "Soc Trang", "Vietnam"],
    why: [
      "in response to seawater pushing further inland during the dry months",
      "as seawater advances",
      "Saltwater intrusion has grown in recent years because of lower river flows in the dry season and rising sea levels",
    ],
    how: ["pairing the seed with salinity readings sent to farmers' phones"],
  },
  {
    key: "world-sylhet-rivers-pass-danger-mark",
    who: ["District authorities in Sylhet and Sunamganj", "Mahmudul Karim", "Sylhet district administration"],
    what: ["District authorities in Sylhet and Sunamganj in north-eastern Bangladesh opened 540 flood shelters today"],
    when: ["today", "22 November 2026"],
    where: ["Sylhet", "Sunamganj", "Bangladesh"],
    why: [
      "after the Surma and Kushiyara rivers rose above their danger levels, driven by days of heavy monsoon rain and water flowing down from the hills to the north",
      "as Surma and Kushiyara rivers pass danger level",
    ],
    how: [
      "using mosque loudspeakers and text messages to tell residents where the nearest shelter is",
      "most of them into schools and cyclone shelters on raised ground",
    ],
  },
  {
    key: "business-antwerp-container-volumes-october",
    who: ["Port of Antwerp-Bruges", "port authority", "Elke Maertens"],
    what: ["The Port of Antwerp-Bruges handled 1.1 million containers in October"],
    when: ["in October", "October 2026", "yesterday", "21 November 2026"],
    where: ["Antwerp-Bruges", "Antwerp"],
    why: [],
    how: [],
  },
  {
    key: "business-lagos-fintech-names-chief-executive",
    who: ["Kobo Ledger", "Funmilayo Adeyemi", "Tunde Bakare"],
    what: ["Kobo Ledger, a payments company based in Lagos, has named Funmilayo Adeyemi as its chief executive"],
    when: ["on Tuesday", "17 November 2026", "1 January"],
    where: ["Lagos", "Nigeria"],
    why: [],
    how: [],
  },
  {
    key: "politics-santiago-senate-elects-president",
    who: ["Chile's Senate", "Rosa Catalán Vidal", "Héctor Munizaga"],
    what: ["Chile's Senate elected Rosa Catalán Vidal as its president on Monday"],
    when: ["on Monday", "16 November 2026"],
    where: ["Valparaíso", "Chile"],
    why: [],
    how: ["by 27 votes to 19, with four senators abstaining, in a secret ballot"],
  },
  {
    key: "politics-helsinki-forestry-bill-final-vote-date",
    who: ["Finland's parliament", "Speaker's office", "Päivi Nurmela"],
    what: ["Finland's parliament will hold its final vote on the government's forestry bill on 9 December"],
    when: ["on 9 December", "9 December", "yesterday", "21 November 2026"],
    where: ["Helsinki", "Finland"],
    why: [],
    how: [],
  },
  {
    key: "science-la-palma-star-catalogue-released",
    who: ["Astronomers at an observatory on La Palma", "Canary Sky Survey Group", "Jonay Perdomo Rivero"],
    what: [
      "Astronomers at an observatory on La Palma in the Canary Islands have published a catalogue of the brightness and colour of 2.3 million stars",
    ],
    when: ["this week", "the week of 16 November 2026"],
    where: ["La Palma", "Canary Islands", "Roque de los Muchachos"],
    why: [],
    how: [
      "compiled from eight years of nightly observations with a 1.2-metre survey telescope",
      "combining about 190,000 images taken through six colour filters",
    ],
  },
  {
    key: "science-uppsala-titan-arum-flowers",
    who: ["Linnaea Botanic Garden", "Johan Ekström"],
    what: [
      "A titan arum, one of the largest flowers in the world, opened for the first time at the Linnaea Botanic Garden in Uppsala on Sunday",
    ],
    when: ["on Sunday", "22 November 2026", "15 November 2026"],
    where: ["Uppsala"],
    why: [],
    how: [],
  },
  {
    key: "tech-bergen-open-source-map-library-v5",
    who: ["Fjordmap", "the project's maintainers in Bergen", "Ingrid Solheim"],
    what: [
      "The developers of Fjordmap, an open-source library for drawing interactive maps in web pages, released version 5 of the software on Thursday",
    ],
    when: ["on Thursday", "19 November 2026"],
    where: ["Bergen"],
    why: [],
    how: [],
  },
  {
    key: "tech-tallinn-delivery-robots-kalamaja",
    who: ["Rattur", "Martin Kask"],
    what: [
      "Small six-wheeled delivery robots began carrying groceries and parcels in Tallinn's Kalamaja district on Monday",
    ],
    when: ["on Monday", "16 November 2026"],
    where: ["Tallinn", "Kalamaja"],
    why: [],
    how: [],
  },
  {
    key: "world-reykjavik-autumn-half-marathon-record",
    who: ["the organisers", "Kári Þórsson", "Helena Brandt"],
    what: ["A record 9,400 runners took part in the Reykjavik autumn half marathon today"],
    when: ["today", "22 November 2026"],
    where: ["Reykjavik", "Lækjartorg"],
    why: [],
    how: [],
  },
  {
    key: "world-nairobi-kibera-library-opens",
    who: ["Nairobi City County", "Grace Njeri Mwangi"],
    what: ["A new public library opened in Kibera, Nairobi, on Saturday"],
    when: ["on Saturday", "21 November 2026"],
    where: ["Kibera", "Nairobi"],
    why: [],
    how: [],
  },
];
