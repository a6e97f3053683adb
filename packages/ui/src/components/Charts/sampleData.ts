// Sample data shaped like the dashboard endpoints, for stories only.

export interface CreditMonth {
  month: string;
  spending: number;
  topup: number;
}

export const creditByMonth: CreditMonth[] = [
  { month: "Jan", spending: 1200, topup: 3000 },
  { month: "Feb", spending: 1850, topup: 0 },
  { month: "Mar", spending: 2400, topup: 5000 },
  { month: "Apr", spending: 1950, topup: 0 },
  { month: "May", spending: 3100, topup: 2500 },
  { month: "Jun", spending: 2750, topup: 4000 },
  { month: "Jul", spending: 3600, topup: 0 },
  { month: "Aug", spending: 4100, topup: 6000 },
  { month: "Sep", spending: 3900, topup: 1500 },
  { month: "Oct", spending: 4400, topup: 0 },
  { month: "Nov", spending: 5200, topup: 7000 },
  { month: "Dec", spending: 4800, topup: 2000 },
];

export interface ServiceSpend {
  label: string;
  networkva: number;
  exposure_detection: number;
  threat_inspection: number;
  web: number;
  sourcecode: number;
}

export const spendByCompany: ServiceSpend[] = [
  { label: "Acme Corp", networkva: 1200, exposure_detection: 800, threat_inspection: 650, web: 400, sourcecode: 300 },
  { label: "Globex", networkva: 900, exposure_detection: 1100, threat_inspection: 200, web: 700, sourcecode: 150 },
  { label: "Initech", networkva: 400, exposure_detection: 300, threat_inspection: 900, web: 250, sourcecode: 600 },
  { label: "Umbrella", networkva: 1500, exposure_detection: 200, threat_inspection: 300, web: 900, sourcecode: 450 },
  { label: "Hooli", networkva: 700, exposure_detection: 650, threat_inspection: 500, web: 300, sourcecode: 800 },
];

export const serviceSeries = [
  { key: "networkva", label: "Network" },
  { key: "exposure_detection", label: "Exposure Detection" },
  { key: "threat_inspection", label: "Threat Inspection" },
  { key: "web", label: "Application" },
  { key: "sourcecode", label: "Source Code" },
] as const;

export interface SeverityCount {
  severity: string;
  count: number;
}

export const findingsBySeverity: SeverityCount[] = [
  { severity: "High", count: 12 },
  { severity: "Medium", count: 27 },
  { severity: "Low", count: 41 },
  { severity: "Info", count: 18 },
  { severity: "Log", count: 6 },
];

/** 90 days of deterministic pseudo-random values (no Math.random, so screenshots are stable). */
export const dailySpend = Array.from({ length: 90 }, (_, day) => {
  const wave = Math.sin(day / 6) * 400 + Math.cos(day / 17) * 250;
  return {
    date: `D${day + 1}`,
    networkva: Math.round(900 + wave + ((day * 37) % 200)),
    web: Math.round(600 - wave / 2 + ((day * 53) % 150)),
  };
});
