// Words that mark a news topic, with how strongly. Entries are word beginnings: "parliament" also
// matches "parliamentary", "invest" matches "investors". Two-word entries match adjacent words.
// Written from general news vocabulary, not learned from any corpus, so they carry no one
// publisher's style. "world" has its own cues (diplomacy, conflict, disasters) and is also the
// catch-all for news that names no other topic.
import type { ArticleCategory } from "../contracts/articles.ts";

type Lexicon = Record<string, number>;

const STRONG = 3;
const MEDIUM = 2;
const WEAK = 1;

const terms = (weight: number, list: string): Lexicon =>
  Object.fromEntries(
    list
      .trim()
      .split(/\s*,\s*/u)
      .map((term) => [term, weight]),
  );

export const TOPIC_LEXICON: Record<ArticleCategory, Lexicon> = {
  tech: {
    ...terms(
      STRONG,
      `software, app, apps, smartphone, semiconductor, chipmak, microchip, processor, algorithm, cybersecur, cyberattack, hacker,
      artificial intelligence, machine learning, chatbot, cloud comput, cloud provider, data centre, data center, open source, broadband, 5g,
      quantum comput, robot, startup, start-up, developer, programmer, encryption, internet, online, digital, computer`,
    ),
    ...terms(
      MEDIUM,
      `cloud, chip, chips, tech, technology, data, network, platform, device, server, gadget, telecom, satellite link, wifi, wi-fi,
      code, coding, user, users, download, upgrade, outage, password, e-commerce, fintech, electric car, battery, batteries, sensor, drone`,
    ),
    ...terms(WEAK, `online, system, tool, screen, electronic, automat, engineer, innovation, prototype, launch`),
  },
  politics: {
    ...terms(
      STRONG,
      `parliament, lawmaker, legislat, senator, senate, congress, election, elector, vote, voted, voting, ballot, referendum,
      coalition, opposition, minister, prime minister, president, governor, mayor, cabinet, bill, campaign, candidate, polls, bundestag,
      assembly, councillor, council vote, political, politician, party leader, democrat, republican, conservative, liberal, constitution`,
    ),
    ...terms(
      MEDIUM,
      `government, policy, law, laws, regulat, committee, debate, budget, reform, tax, taxes, ministry, administration,
      proposal, amendment, motion, veto, sanction, public consultation, municipal, council, mp, mps, mep, meps, seat, seats`,
    ),
    ...terms(WEAK, `official, state, national, public, rule, rules, approve, funding, plan, scheme, union, protest`),
  },
  world: {
    ...terms(
      STRONG,
      `foreign minister, diplomat, embassy, ambassador, united nations, un security council, nato, refugee, migrant, ceasefire,
      war, troops, military, conflict, humanitarian, aid agenc, flood, floods, earthquake, hurricane, cyclone, typhoon, drought, wildfire,
      heatwave, evacuat, border, summit, treaty, bilateral, cross-border`,
    ),
    ...terms(
      MEDIUM,
      `international, regional, neighbouring, neighboring, countries, nations, residents, villages, city, cities, capital,
      province, district, ferry, train, trains, railway, buses, tram, commuter, tourist, tourism, shelter, relief, disaster, storm, rain,
      river, coast, seawall, water supply, heat, winter, crowd, pollution, smoke, air quality, mangrove`,
    ),
    ...terms(
      WEAK,
      `local, people, families, households, community, communities, region, route, routes, travel, visitors`,
    ),
  },
  business: {
    ...terms(
      STRONG,
      `shares, stock, investor, invest, profit, revenue, earnings, quarterly, market share, merger, acquisition, takeover,
      ipo, dividend, shareholder, central bank, interest rate, inflation, economy, economic, gdp, recession, exports, imports, tariff,
      retailer, retail, wholesale, supply chain, freight, commodit, price, prices, sales, customers, company, companies, firm, chief executive`,
    ),
    ...terms(
      MEDIUM,
      `market, markets, trade, trading, bank, banks, lender, loan, debt, bond, currency, dollar, euro, cost, costs, margin,
      factory, manufactur, producer, output, demand, supplier, brand, industry, industrial, jobs, employ, workers, wage, pay, union, strike,
      cooperative, exporter, buyer, order, orders, contract, deal, raises, funding round, valuation, million, billion, business`,
    ),
    ...terms(
      WEAK,
      `growth, sector, expand, expansion, plant, store, shop, product, products, consumer, spending, finance, financial`,
    ),
  },
  science: {
    ...terms(
      STRONG,
      `scientist, researcher, research, study, studies, journal, peer-review, experiment, laboratory, lab, species, genetic,
      genome, dna, fossil, dinosaur, telescope, astronom, planet, galaxy, asteroid, meteorite, physics, chemist, biolog, ecolog, geolog,
      climate scien, glacier, ice core, expedition, specimen, enzyme, microbe, bacteria, virus, vaccine, clinical trial, neuroscien, evolution`,
    ),
    ...terms(
      MEDIUM,
      `scientific, data, measure, measured, sample, samples, analysis, findings, discover, discovered, observ, model, models,
      university, institute, professor, phd, trial, trials, health, disease, patients, medical, medicine, ocean, seafloor, coral, ecosystem,
      wildlife, bird, birds, insect, insects, bees, plant species, soil, satellite, space, carbon, emission, temperature, sensor, sensors`,
    ),
    ...terms(
      WEAK,
      `team, evidence, results, method, test, tests, detect, detected, map, mapped, record, recorded, sea, forest`,
    ),
  },
};
