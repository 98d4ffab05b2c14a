/**
 * The demo city: Jiangcheng, a fictional city with its bureaus and sections, and
 * below the urban management bureau two district bureaus (one with a street
 * office), so that a district administrator's scope can be seen. `parent` is a
 * position in this list.
 */
export const demoOrganisations: readonly {
  name: string;
  nameEn: string;
  parent?: number;
  departments: { name: string; nameEn: string }[];
}[] = [
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
  {
    name: '江北区城市管理局',
    nameEn: 'Jiangbei District Urban Management Bureau',
    parent: 0,
    departments: [
      { name: '综合执法大队', nameEn: 'Law Enforcement Brigade' },
      { name: '环卫所', nameEn: 'Sanitation Station' },
    ],
  },
  {
    name: '江南区城市管理局',
    nameEn: 'Jiangnan District Urban Management Bureau',
    parent: 0,
    departments: [{ name: '综合执法大队', nameEn: 'Law Enforcement Brigade' }],
  },
  {
    name: '江北区滨江街道办事处',
    nameEn: 'Binjiang Subdistrict Office, Jiangbei',
    parent: 4,
    departments: [{ name: '城管中队', nameEn: 'Urban Management Squad' }],
  },
];

/** The district administrator's role: users, roles (read) and units of their district and below. */
export const districtAdminRole = {
  id: 'district_admin',
  name: '区级管理员',
  nameEn: 'District administrator',
  dataScope: 'unit-and-below' as const,
  /** Built-in entry codes (modules/menus/built-in-menu.ts) the role holds. */
  entryCodes: [
    'business_guide',
    'guide_list',
    'guide_laws',
    'map_editing',
    'system_admin',
    'system_users',
    'system_user_read',
    'system_user_create',
    'system_user_update',
    'system_user_disable',
    'system_user_reset_password',
    'system_user_import',
    'system_user_export',
    'system_roles',
    'system_role_read',
    'system_role_create',
    'system_role_update',
    'system_role_delete',
    'system_units',
    'system_unit_read',
    'system_unit_write',
  ],
};

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
  {
    username: 'jiangbei',
    password: 'Jiangbei@2026',
    name: '周敏',
    mobile: '13900003333',
    organisation: 4,
    department: 0,
    roleIds: ['district_admin'],
    passwordAgeDays: 5,
    mustChangePassword: false,
  },
  {
    username: 'security',
    password: 'Security@2026',
    name: '孙立',
    mobile: '13900004444',
    organisation: 0,
    department: 0,
    roleIds: ['security_admin'],
    passwordAgeDays: 5,
    mustChangePassword: false,
  },
  {
    username: 'auditor',
    password: 'Auditor@2026',
    name: '何静',
    mobile: '13900005555',
    organisation: 0,
    department: 0,
    roleIds: ['auditor'],
    passwordAgeDays: 5,
    mustChangePassword: false,
  },
] as const satisfies readonly DemoAccount[];

/** Staff of the districts: the district administrator manages the first two, not the third. */
export const demoDistrictStaff = [
  {
    username: 'jb_officer',
    password: 'Officer@2026',
    name: '孙磊',
    mobile: '13900004444',
    organisation: 4,
    department: 1,
    roleIds: ['staff'],
    passwordAgeDays: 30,
    mustChangePassword: false,
  },
  {
    username: 'bj_officer',
    password: 'Officer@2026',
    name: '吴芳',
    mobile: '13900005555',
    organisation: 6,
    department: 0,
    roleIds: ['staff'],
    passwordAgeDays: 30,
    mustChangePassword: false,
  },
  {
    username: 'jn_officer',
    password: 'Officer@2026',
    name: '郑浩',
    mobile: '13900006666',
    organisation: 5,
    department: 0,
    roleIds: ['staff'],
    passwordAgeDays: 30,
    mustChangePassword: false,
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
