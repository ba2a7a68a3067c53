import type { ReportFrequency, ReportLanguage } from '@lightdesk/contract';

/** The words of a report mail; `{name}` placeholders are filled with `formatMessage`. */
export interface ReportTexts {
  title: Record<ReportFrequency, string>;
  /** `{title}`, `{scope}` (a store's name or how many stores) and `{period}`. */
  subject: string;
  /** Before the subject of a mail sent on request rather than on schedule. */
  sample: string;
  stores: string;
  allStores: string;
  greeting: string;
  /** `{period}` and `{previous}`, the period compared with. */
  intro: string;
  previous: Record<ReportFrequency, string>;
  store: string;
  persons: string;
  walkIns: string;
  averageDwell: string;
  personsPerOpenDay: string;
  total: string;
  /** A figure's value over the period compared with. */
  before: string;
  attachment: Record<ReportFrequency, string>;
  footer: string;
}

export const REPORT_TEXTS: Record<ReportLanguage, ReportTexts> = {
  'zh-CN': {
    title: { daily: '门店日报', weekly: '门店周报', monthly: '门店月报' },
    subject: '{title}：{scope}，{period}',
    sample: '【示例】',
    stores: '{count} 家门店',
    allStores: '全部门店（{count} 家）',
    greeting: '{name}，您好：',
    intro: '以下是 {period} 的主要数据，以及与{previous}相比的变化。',
    previous: { daily: '前一天（{period}）', weekly: '前一周（{period}）', monthly: '上个月（{period}）' },
    store: '门店',
    persons: '人数',
    walkIns: '进店',
    averageDwell: '平均停留时长',
    personsPerOpenDay: '日均人数（营业日）',
    total: '合计',
    before: '之前：{value}',
    attachment: {
      daily: '附件中的 Excel 工作簿包含各门店、每个产品的数据，以及按小时统计的进店人数。',
      weekly: '附件中的 Excel 工作簿包含各门店、每个产品的数据，以及按天统计的进店人数。',
      monthly: '附件中的 Excel 工作簿包含各门店、每个产品的数据，以及按天统计的进店人数。',
    },
    footer: '您收到此报表，是因为您在 Lightdesk 控制台（统计分析 → 报表订阅）中订阅了它。如需更改或停止，请前往该页面。',
  },
  'en-US': {
    title: { daily: 'Daily report', weekly: 'Weekly report', monthly: 'Monthly report' },
    subject: '{title}: {scope}, {period}',
    sample: '[Sample] ',
    stores: '{count} stores',
    allStores: 'all stores ({count})',
    greeting: 'Hello {name},',
    intro: 'Here are the key figures for {period}, each with its change against {previous}.',
    previous: { daily: 'the day before ({period})', weekly: 'the week before ({period})', monthly: 'the month before ({period})' },
    store: 'Store',
    persons: 'Persons',
    walkIns: 'Walk-ins',
    averageDwell: 'Average dwell',
    personsPerOpenDay: 'Persons per open day',
    total: 'Total',
    before: 'before: {value}',
    attachment: {
      daily: 'The attached workbook holds the stores, every product and the walk-ins by hour.',
      weekly: 'The attached workbook holds the stores, every product and the walk-ins by day.',
      monthly: 'The attached workbook holds the stores, every product and the walk-ins by day.',
    },
    footer: 'You receive this report because you subscribed to it in the Lightdesk console (Statistics → Report subscriptions). Change or stop it there.',
  },
  'en-GB': {
    title: { daily: 'Daily report', weekly: 'Weekly report', monthly: 'Monthly report' },
    subject: '{title}: {scope}, {period}',
    sample: '[Sample] ',
    stores: '{count} stores',
    allStores: 'all stores ({count})',
    greeting: 'Hello {name},',
    intro: 'Here are the key figures for {period}, each compared with {previous}.',
    previous: { daily: 'the day before ({period})', weekly: 'the week before ({period})', monthly: 'the month before ({period})' },
    store: 'Store',
    persons: 'People',
    walkIns: 'Walk-ins',
    averageDwell: 'Average time spent',
    personsPerOpenDay: 'People per day open',
    total: 'Total',
    before: 'previously {value}',
    attachment: {
      daily: 'The attached workbook has the stores, every product and the walk-ins hour by hour.',
      weekly: 'The attached workbook has the stores, every product and the walk-ins day by day.',
      monthly: 'The attached workbook has the stores, every product and the walk-ins day by day.',
    },
    footer:
      'You are getting this report because you subscribed to it in the Lightdesk console (Statistics → Reports by email). You can change or stop it there.',
  },
  'de-DE': {
    title: { daily: 'Tagesbericht', weekly: 'Wochenbericht', monthly: 'Monatsbericht' },
    subject: '{title}: {scope}, {period}',
    sample: '[Beispiel] ',
    stores: '{count} Filialen',
    allStores: 'alle Filialen ({count})',
    greeting: 'Hallo {name},',
    intro: 'hier sind die wichtigsten Zahlen für {period}, jeweils mit der Veränderung gegenüber {previous}.',
    previous: { daily: 'dem Vortag ({period})', weekly: 'der Vorwoche ({period})', monthly: 'dem Vormonat ({period})' },
    store: 'Filiale',
    persons: 'Personen',
    walkIns: 'Eintritte',
    averageDwell: 'Durchschnittliche Verweildauer',
    personsPerOpenDay: 'Personen pro Öffnungstag',
    total: 'Gesamt',
    before: 'vorher: {value}',
    attachment: {
      daily: 'Die angehängte Arbeitsmappe enthält die Filialen, jedes Produkt und die Eintritte pro Stunde.',
      weekly: 'Die angehängte Arbeitsmappe enthält die Filialen, jedes Produkt und die Eintritte pro Tag.',
      monthly: 'Die angehängte Arbeitsmappe enthält die Filialen, jedes Produkt und die Eintritte pro Tag.',
    },
    footer:
      'Sie erhalten diesen Bericht, weil Sie ihn in der Lightdesk-Konsole abonniert haben (Statistik → Berichtsabonnements). Dort können Sie ihn ändern oder abbestellen.',
  },
  'fr-FR': {
    title: { daily: 'Rapport quotidien', weekly: 'Rapport hebdomadaire', monthly: 'Rapport mensuel' },
    subject: '{title} : {scope}, {period}',
    sample: '[Exemple] ',
    stores: '{count} magasins',
    allStores: 'tous les magasins ({count})',
    greeting: 'Bonjour {name},',
    intro: 'voici les chiffres clés pour {period}, chacun avec son évolution par rapport à {previous}.',
    previous: { daily: 'la veille ({period})', weekly: 'la semaine précédente ({period})', monthly: 'le mois précédent ({period})' },
    store: 'Magasin',
    persons: 'Personnes',
    walkIns: 'Entrées',
    averageDwell: 'Temps de présence moyen',
    personsPerOpenDay: 'Personnes par jour d’ouverture',
    total: 'Total',
    before: 'avant : {value}',
    attachment: {
      daily: 'Le classeur joint contient les magasins, chaque produit et les entrées heure par heure.',
      weekly: 'Le classeur joint contient les magasins, chaque produit et les entrées jour par jour.',
      monthly: 'Le classeur joint contient les magasins, chaque produit et les entrées jour par jour.',
    },
    footer:
      'Vous recevez ce rapport parce que vous vous y êtes abonné dans la console Lightdesk (Statistiques → Abonnements aux rapports). Vous pouvez le modifier ou l’arrêter depuis cet écran.',
  },
  'nl-NL': {
    title: { daily: 'Dagrapport', weekly: 'Weekrapport', monthly: 'Maandrapport' },
    subject: '{title}: {scope}, {period}',
    sample: '[Voorbeeld] ',
    stores: '{count} winkels',
    allStores: 'alle winkels ({count})',
    greeting: 'Hallo {name},',
    intro: 'hier zijn de belangrijkste cijfers voor {period}, elk met de verandering ten opzichte van {previous}.',
    previous: { daily: 'de dag ervoor ({period})', weekly: 'de week ervoor ({period})', monthly: 'de maand ervoor ({period})' },
    store: 'Winkel',
    persons: 'Personen',
    walkIns: 'Binnenkomers',
    averageDwell: 'Gemiddelde verblijfsduur',
    personsPerOpenDay: 'Personen per open dag',
    total: 'Totaal',
    before: 'eerder: {value}',
    attachment: {
      daily: 'De bijgevoegde werkmap bevat de winkels, elk product en de binnenkomers per uur.',
      weekly: 'De bijgevoegde werkmap bevat de winkels, elk product en de binnenkomers per dag.',
      monthly: 'De bijgevoegde werkmap bevat de winkels, elk product en de binnenkomers per dag.',
    },
    footer:
      'U ontvangt dit rapport omdat u zich erop hebt geabonneerd in de Lightdesk-console (Statistieken → Rapportabonnementen). Daar kunt u het wijzigen of stopzetten.',
  },
};
