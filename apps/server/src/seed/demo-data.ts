/** The demo city: Jiangcheng, a fictional city with its bureaus and sections. */
export const demoOrganisations = [
  {
    name: '江城市城市管理局',
    nameEn: 'Jiangcheng Urban Management Bureau',
    departments: [
      { name: '数字城管中心', nameEn: 'Digital Urban Management Centre' },
      { name: '综合执法科', nameEn: 'Comprehensive Law Enforcement Section' },
      { name: '市容环卫科', nameEn: 'City Appearance and Sanitation Section' },
      { name: '办公室', nameEn: 'General Office' },
    ],
  },
  {
    name: '江城市住房和城乡建设局',
    nameEn: 'Jiangcheng Housing and Urban-Rural Development Bureau',
    departments: [
      { name: '城市建设科', nameEn: 'Urban Construction Section' },
      { name: '物业管理科', nameEn: 'Property Management Section' },
    ],
  },
  {
    name: '江城市应急管理局',
    nameEn: 'Jiangcheng Emergency Management Bureau',
    departments: [
      { name: '应急指挥科', nameEn: 'Emergency Command Section' },
      { name: '风险监测科', nameEn: 'Risk Monitoring Section' },
    ],
  },
  {
    name: '江城市数据资源局',
    nameEn: 'Jiangcheng Data Resources Bureau',
    departments: [
      { name: '数据共享科', nameEn: 'Data Sharing Section' },
      { name: '网络安全科', nameEn: 'Cyber Security Section' },
    ],
  },
];

const DAY = 24 * 60 * 60 * 1000;

/** A demo account; its organisation and department are positions in `demoOrganisations`. */
export interface DemoAccount {
  username: string;
  password: string;
  name: string;
  mobile: string;
  organisation: number;
  department: number;
  roleIds: readonly string[];
  passwordAgeDays: number;
  mustChangePassword: boolean;
}

/** The demo accounts of the README. */
export const demoAccounts = [
  {
    username: 'admin',
    password: 'Admin@2026',
    name: '系统管理员',
    mobile: '13800138000',
    organisation: 0,
    department: 0,
    roleIds: ['admin'],
    passwordAgeDays: 10,
    mustChangePassword: false,
  },
  {
    username: 'operator',
    password: 'Operator@2026',
    name: '张伟',
    mobile: '13912345678',
    organisation: 0,
    department: 2,
    roleIds: ['staff'],
    passwordAgeDays: 20,
    mustChangePassword: false,
  },
  {
    username: 'stale',
    password: 'Stale@2026a',
    name: '李娜',
    mobile: '13700001111',
    organisation: 1,
    department: 0,
    roleIds: ['staff'],
    passwordAgeDays: 200,
    mustChangePassword: false,
  },
  {
    username: 'newhire',
    password: 'Newhire@2026',
    name: '王强',
    mobile: '15800002222',
    organisation: 2,
    department: 1,
    roleIds: ['staff'],
    passwordAgeDays: 0,
    mustChangePassword: true,
  },
] as const satisfies readonly DemoAccount[];

/**
 * The editor role's demo accounts (the README's list has none), made by the
 * business guide seed; the first one is the map's editor too.
 */
export const demoEditors = [
  {
    username: 'editor',
    password: 'Editor@2026',
    name: '陈静',
    mobile: '13611112222',
    organisation: 0,
    department: 3,
    roleIds: ['editor'],
    passwordAgeDays: 15,
    mustChangePassword: false,
  },
  {
    username: 'editor2',
    password: 'Editor2@2026',
    name: '刘洋',
    mobile: '13622223333',
    organisation: 0,
    department: 0,
    roleIds: ['editor'],
    passwordAgeDays: 15,
    mustChangePassword: false,
  },
] as const satisfies readonly DemoAccount[];

export function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY);
}
