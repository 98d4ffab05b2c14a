/** Guidance categories (issue 5) and the demo city's guidance articles. */
export const guideCategorySeed = [
  { code: 'laws', name: '法律', nameEn: 'Laws' },
  { code: 'administrative_regulations', name: '行政法规', nameEn: 'Administrative regulations' },
  { code: 'ministry_rules', name: '部门规章', nameEn: 'Ministry rules' },
  { code: 'ministry_policies', name: '部门政策文件', nameEn: 'Ministry policy documents' },
  { code: 'local_regulations', name: '地方法规和规章', nameEn: 'Local regulations and rules' },
  { code: 'standards', name: '标准规范', nameEn: 'Standards and specifications' },
  { code: 'experience', name: '经验交流', nameEn: 'Experience exchange' },
] as const;

export type GuideCategoryCode = (typeof guideCategorySeed)[number]['code'];

export interface GuideArticleSeed {
  category: GuideCategoryCode;
  /** Chinese unless it says otherwise. */
  language?: 'en';
  title: string;
  summary: string;
  authority: string;
  documentNumber: string;
  publishDate: string;
  status?: 'draft' | 'published' | 'withdrawn';
  views: number;
  /** Section heading, then paragraphs; a list when `points` is given. */
  heading: string;
  paragraphs: string[];
  points?: string[];
}

export const guideArticleSeed: GuideArticleSeed[] = [
  {
    category: 'laws',
    title: '中华人民共和国城乡规划法（城市管理相关条款解读）',
    summary: '梳理城乡规划法中与城市管理执法、违法建设查处相关的条款，明确执法主体与程序要求。',
    authority: '全国人民代表大会常务委员会',
    documentNumber: '主席令第二十九号',
    publishDate: '2019-04-23',
    views: 1284,
    heading: '一、违法建设的认定',
    paragraphs: [
      '未取得建设工程规划许可证或者未按照建设工程规划许可证的规定进行建设的，由县级以上地方人民政府城乡规划主管部门责令停止建设。',
      '城市管理综合执法部门在查处违法建设时，应当先行调查取证，制作现场检查笔录，并依法告知当事人陈述、申辩的权利。',
    ],
    points: ['责令停止建设', '限期改正并处罚款', '限期拆除', '没收实物或者违法收入'],
  },
  {
    category: 'laws',
    title: '中华人民共和国行政处罚法要点解读',
    summary: '围绕行政处罚的设定、实施主体、管辖与程序，结合城市管理执法实际进行要点解读。',
    authority: '全国人民代表大会常务委员会',
    documentNumber: '主席令第七十号',
    publishDate: '2021-01-22',
    views: 2310,
    heading: '一、首违不罚与轻微不罚',
    paragraphs: [
      '违法行为轻微并及时改正，没有造成危害后果的，不予行政处罚。初次违法且危害后果轻微并及时改正的，可以不予行政处罚。',
      '城市管理部门应当建立首违不罚清单，对清单内事项以教育、劝导为主，做到宽严相济、法理相融。',
    ],
    points: ['执法全过程记录', '重大执法决定法制审核', '行政执法公示'],
  },
  {
    category: 'laws',
    title: '中华人民共和国固体废物污染环境防治法（生活垃圾分类部分）',
    summary: '解读生活垃圾分类投放、收集、运输和处理的法定义务及城市管理部门职责。',
    authority: '全国人民代表大会常务委员会',
    documentNumber: '主席令第四十三号',
    publishDate: '2020-04-29',
    views: 1876,
    heading: '一、生活垃圾分类制度',
    paragraphs: [
      '国家推行生活垃圾分类制度。生活垃圾分类坚持政府推动、全民参与、城乡统筹、因地制宜、简便易行的原则。',
      '产生生活垃圾的单位、家庭和个人应当依法履行生活垃圾源头减量和分类投放义务，承担生活垃圾处理费用。',
    ],
  },
  {
    category: 'administrative_regulations',
    title: '城市市容和环境卫生管理条例',
    summary: '规定城市市容、环境卫生的管理职责与要求，是城市管理部门开展市容环卫工作的基本依据。',
    authority: '国务院',
    documentNumber: '国务院令第101号',
    publishDate: '2017-03-01',
    views: 3120,
    heading: '一、城市市容管理',
    paragraphs: [
      '城市中的建筑物和设施，应当符合国家规定的城市容貌标准。临街建筑物的阳台外、窗外、屋顶，不得吊挂或者堆放有碍市容的物品。',
      '在城市中设置户外广告、标语牌、画廊、橱窗等，应当内容健康、外型美观，并定期维修、油饰或者拆除。',
    ],
  },
  {
    category: 'administrative_regulations',
    title: '城镇排水与污水处理条例',
    summary: '明确城镇排水与污水处理的规划建设、排水许可、设施维护与保护等要求。',
    authority: '国务院',
    documentNumber: '国务院令第641号',
    publishDate: '2013-10-02',
    views: 968,
    heading: '一、排水许可',
    paragraphs: [
      '从事工业、建筑、餐饮、医疗等活动的企业事业单位、个体工商户向城镇排水设施排放污水的，应当向城镇排水主管部门申请领取污水排入排水管网许可证。',
      '汛期前，城镇排水主管部门应当组织对城镇排水设施进行全面检查、维护、清疏，确保设施安全运行。',
    ],
    points: ['排水户分级分类管理', '汛前设施排查', '内涝风险图编制'],
  },
  {
    category: 'administrative_regulations',
    title: '城市道路管理条例',
    summary: '规范城市道路的规划、建设、养护、维修和路政管理，保障城市道路完好与通行安全。',
    authority: '国务院',
    documentNumber: '国务院令第198号',
    publishDate: '2019-03-24',
    views: 1502,
    heading: '一、占用挖掘城市道路',
    paragraphs: [
      '未经市政工程行政主管部门和公安交通管理部门批准，任何单位或者个人不得占用或者挖掘城市道路。',
      '经批准占用或者挖掘城市道路的，应当按照批准的位置、面积、期限占用或者挖掘，并设置明显标志和安全防围设施。',
    ],
  },
  {
    category: 'ministry_rules',
    title: '城市管理执法办法',
    summary: '住房和城乡建设部关于城市管理执法范围、执法主体、执法保障和执法监督的规定。',
    authority: '住房和城乡建设部',
    documentNumber: '住房和城乡建设部令第34号',
    publishDate: '2017-01-24',
    views: 2744,
    heading: '一、执法范围',
    paragraphs: [
      '城市管理执法的行政处罚权范围依照法律法规和国务院有关规定确定，包括住房城乡建设领域法律法规规章规定的行政处罚权力。',
      '城市管理执法人员应当持证上岗，执法时应当统一着装、佩戴标志标识、出示执法证件。',
    ],
    points: ['执法人员持证上岗', '执法全过程记录', '执法监督与考核'],
  },
  {
    category: 'ministry_rules',
    title: '城市生活垃圾管理办法',
    summary: '规范城市生活垃圾的清扫、收集、运输、处置及监督管理活动。',
    authority: '住房和城乡建设部',
    documentNumber: '建设部令第157号',
    publishDate: '2015-05-04',
    views: 1133,
    heading: '一、收集运输',
    paragraphs: [
      '从事城市生活垃圾经营性清扫、收集、运输的企业，应当取得城市生活垃圾经营性清扫、收集、运输服务许可证。',
      '收集运输车辆应当密闭化，防止垃圾散落、滴漏和扬尘，并按规定的时间和路线运输。',
    ],
  },
  {
    category: 'ministry_rules',
    title: '城市建筑垃圾管理规定',
    summary: '对建筑垃圾的处置核准、运输、消纳及违法行为的处罚作出规定。',
    authority: '住房和城乡建设部',
    documentNumber: '建设部令第139号',
    publishDate: '2005-03-23',
    views: 842,
    heading: '一、处置核准',
    paragraphs: [
      '处置建筑垃圾的单位，应当向城市人民政府市容环境卫生主管部门提出申请，获得城市建筑垃圾处置核准后，方可处置。',
      '施工单位应当及时清运工程施工过程中产生的建筑垃圾，并按照城市人民政府市容环境卫生主管部门的规定处置。',
    ],
  },
  {
    category: 'ministry_policies',
    title: '关于加强城市运行管理服务平台建设的指导意见',
    summary: '提出构建国家、省、市三级城市运行管理服务平台体系，推动城市管理向城市治理转变。',
    authority: '住房和城乡建设部办公厅',
    documentNumber: '建办督〔2021〕54号',
    publishDate: '2021-12-14',
    views: 4210,
    heading: '一、总体要求',
    paragraphs: [
      '以城市运行管理“一网统管”为目标，整合城市运行管理服务相关信息系统，汇聚共享数据资源，加快现有信息化系统的迭代升级。',
      '到2025年底，城市运行管理服务平台覆盖地级及以上城市，基本实现城市运行管理“一网统管”。',
    ],
    points: ['业务指导系统', '指挥协调系统', '行业应用系统', '公众服务系统', '运行监测系统'],
  },
  {
    category: 'ministry_policies',
    title: '城市运行管理服务平台技术标准解读',
    summary: '介绍平台数据标准、接口规范及各子系统建设要求，指导各地开展平台建设与对接。',
    authority: '住房和城乡建设部城市管理监督局',
    documentNumber: '建督函〔2022〕12号',
    publishDate: '2022-03-08',
    views: 2975,
    heading: '一、平台架构',
    paragraphs: [
      '城市运行管理服务平台由业务指导、指挥协调、行业应用、公众服务、运行监测、综合评价、决策建议等系统构成。',
      '各地应当按照统一的数据标准建设数据库，实现与省级平台、国家平台的互联互通和数据共享。',
    ],
  },
  {
    category: 'ministry_policies',
    title: '关于深入开展“美好环境与幸福生活共同缔造”活动的通知',
    summary: '以城乡社区为基本单元，发动群众共谋共建共管共评共享，改善人居环境。',
    authority: '住房和城乡建设部',
    documentNumber: '建村〔2022〕10号',
    publishDate: '2022-05-16',
    views: 1210,
    heading: '一、工作重点',
    paragraphs: [
      '聚焦群众身边的急难愁盼问题，以完整社区建设、老旧小区改造、背街小巷整治为抓手，推进共同缔造活动。',
      '建立健全社区居民参与机制，畅通群众意见表达渠道，让群众成为城市治理的参与者和受益者。',
    ],
  },
  {
    category: 'ministry_policies',
    title: '关于做好城市排水防涝工作的通知（2024年）',
    status: 'withdrawn',
    summary: '部署汛期城市排水防涝隐患排查整治、应急抢险准备和信息报送工作。本文已被新版通知替代。',
    authority: '住房和城乡建设部办公厅',
    documentNumber: '建办城函〔2024〕101号',
    publishDate: '2024-04-02',
    views: 534,
    heading: '一、隐患排查',
    paragraphs: [
      '各地要全面排查城市易涝积水点、地下空间、下穿通道等重点部位，建立问题清单并落实整改责任。',
      '汛期实行24小时值班值守制度，严格执行信息报送制度，遇重大险情及时上报。',
    ],
  },
  {
    category: 'local_regulations',
    title: '江城市市容和环境卫生管理条例',
    summary: '江城市地方性法规，细化门前三包、户外广告、占道经营等市容环境卫生管理要求。',
    authority: '江城市人民代表大会常务委员会',
    documentNumber: '江城市人大常委会公告第12号',
    publishDate: '2023-06-30',
    views: 3560,
    heading: '一、门前三包责任制',
    paragraphs: [
      '本市实行市容环境卫生责任区制度。临街单位和个体工商户负责责任区内的市容整洁、环境卫生和秩序维护。',
      '城市管理部门应当与责任人签订门前三包责任书，明确责任区范围和具体要求，并定期开展检查评比。',
    ],
    points: ['包市容整洁', '包环境卫生', '包秩序良好'],
  },
  {
    category: 'local_regulations',
    title: '江城市生活垃圾分类管理办法',
    summary: '规定江城市生活垃圾分为可回收物、有害垃圾、厨余垃圾和其他垃圾四类及相应管理责任。',
    authority: '江城市人民政府',
    documentNumber: '江城市人民政府令第156号',
    publishDate: '2022-09-01',
    views: 2891,
    heading: '一、分类标准',
    paragraphs: [
      '本市生活垃圾分为可回收物、有害垃圾、厨余垃圾和其他垃圾。居民应当按照分类标准将生活垃圾投放至相应收集容器。',
      '物业服务企业是住宅小区生活垃圾分类管理责任人，应当建立日常管理制度，指导、监督分类投放。',
    ],
    points: ['可回收物', '有害垃圾', '厨余垃圾', '其他垃圾'],
  },
  {
    category: 'local_regulations',
    title: '江城市户外广告设施和招牌设置管理规定',
    summary: '对户外广告设施和招牌的设置规划、审批、安全检测和违规处理作出规定。',
    authority: '江城市人民政府',
    documentNumber: '江政规〔2023〕8号',
    publishDate: '2023-03-15',
    views: 1420,
    heading: '一、安全管理',
    paragraphs: [
      '户外广告设施设置人应当每年委托具有资质的机构进行安全检测，并将检测报告报城市管理部门备案。',
      '台风、暴雨等恶劣天气来临前，设置人应当对户外广告设施进行加固，必要时予以拆除。',
    ],
  },
  {
    category: 'local_regulations',
    title: '江城市城市管理综合执法程序规定（征求意见稿）',
    status: 'draft',
    summary: '规范江城市城市管理综合执法的立案、调查、决定和执行程序。征求意见中，尚未发布。',
    authority: '江城市城市管理局',
    documentNumber: '',
    publishDate: '2026-05-20',
    views: 0,
    heading: '一、立案',
    paragraphs: [
      '城市管理部门发现或者接到举报、投诉的违法行为，应当在七个工作日内予以核查，符合立案条件的应当立案。',
      '对于情节复杂或者重大违法行为给予较重的行政处罚，应当经集体讨论决定。',
    ],
  },
  {
    category: 'standards',
    title: '城市市容市貌干净整洁有序安全标准（试行）',
    summary: '从道路、建筑立面、户外广告、绿化、公共设施等方面规定城市市容市貌的具体标准。',
    authority: '住房和城乡建设部',
    documentNumber: '建督〔2020〕58号',
    publishDate: '2020-06-11',
    views: 2014,
    heading: '一、道路与街面',
    paragraphs: [
      '城市道路路面平整，无坑槽、拥包、沉陷；人行道铺装完好，无破损、松动。',
      '街面无乱堆乱放、无乱贴乱画、无占道经营，沿街店铺无出店经营现象。',
    ],
  },
  {
    category: 'standards',
    title: '数字化城市管理信息系统 第2部分：管理部件和事件',
    summary: '规定数字化城市管理中管理部件和事件的分类、编码及数据要求。',
    authority: '国家市场监督管理总局、国家标准化管理委员会',
    documentNumber: 'GB/T 30428.2-2023',
    publishDate: '2023-08-06',
    views: 1678,
    heading: '一、部件分类',
    paragraphs: [
      '管理部件按照公用设施类、道路交通类、市容环境类、园林绿化类、房屋土地类和其他设施类进行分类。',
      '事件分为市容环境类、宣传广告类、施工管理类、突发事件类、街面秩序类和其他事件类。',
    ],
    points: ['大类编码两位', '小类编码两位', '部件标识码十位'],
  },
  {
    category: 'standards',
    title: '城市运行管理服务平台数据标准',
    summary: '规定城市运行管理服务平台的数据分类、数据结构、数据编码和数据交换要求。',
    authority: '住房和城乡建设部',
    documentNumber: 'CJ/T 545-2021',
    publishDate: '2021-12-01',
    views: 1345,
    heading: '一、数据分类',
    paragraphs: [
      '平台数据分为基础数据、运行数据、管理数据、服务数据和综合评价数据五大类。',
      '数据交换应当采用统一的接口规范，支持增量同步和全量同步两种方式。',
    ],
  },
  {
    category: 'experience',
    title: '江城市数字城管“一网统管”建设经验',
    summary: '介绍江城市整合12345热线、数字城管和网格化管理，实现城市运行“一网统管”的做法。',
    authority: '江城市城市管理局',
    documentNumber: '',
    publishDate: '2025-11-18',
    views: 986,
    heading: '一、主要做法',
    paragraphs: [
      '江城市以城市运行管理服务平台为枢纽，打通12345热线、数字城管、网格化管理等十余个系统，实现案件统一受理、统一派遣、统一考核。',
      '平台运行一年来，案件平均处置时长缩短了百分之三十五，群众满意率提升至百分之九十六。',
    ],
    points: ['统一受理', '统一派遣', '统一考核', '统一评价'],
  },
  {
    category: 'experience',
    title: '背街小巷环境整治的“绣花功夫”',
    summary: '总结老城区背街小巷环境整治中精细化管理、居民共治的经验做法。',
    authority: '江城市城市管理局市容环卫科',
    documentNumber: '',
    publishDate: '2025-08-05',
    views: 742,
    heading: '一、精细化管理',
    paragraphs: [
      '按照“一巷一策”原则，逐条摸排背街小巷的路面、管线、照明、绿化和卫生状况，建立问题台账。',
      '发动居民组建巷长制志愿队伍，参与日常巡查和文明劝导，形成共建共治共享的良好局面。',
    ],
  },
  {
    category: 'experience',
    title: '城市内涝应急处置案例分析',
    summary: '复盘一次强降雨过程中城市内涝的监测预警、应急调度和善后处置，提炼可复制经验。',
    authority: '江城市应急管理局',
    documentNumber: '',
    publishDate: '2025-07-22',
    views: 1033,
    heading: '一、过程回顾',
    paragraphs: [
      '强降雨期间，平台运行监测系统实时汇聚易涝点水位数据，提前两小时发出预警，调度抢险队伍前置到位。',
      '指挥协调系统实现多部门联动，累计处置积水点四十二处，未发生人员伤亡。',
    ],
  },
  {
    category: 'laws',
    language: 'en',
    title: 'Urban and Rural Planning Law: provisions on enforcement',
    summary:
      'How the Urban and Rural Planning Law defines unauthorised construction and the steps enforcement officers must follow.',
    authority: 'Standing Committee of the National People’s Congress',
    documentNumber: 'Presidential Order No. 29',
    publishDate: '2019-04-23',
    views: 412,
    heading: '1. Unauthorised construction',
    paragraphs: [
      'Construction without a planning permit, or not in accordance with its permit, shall be ordered to stop by the planning authority at or above county level.',
      'Before deciding, enforcement officers investigate on site, record their findings and inform the party of the right to state their case and to defend it.',
    ],
    points: ['Order to stop work', 'Rectification within a time limit and a fine', 'Demolition'],
  },
  {
    category: 'administrative_regulations',
    language: 'en',
    title: 'Regulations on city appearance and environmental sanitation',
    summary:
      'The national regulations that set the duties of city appearance and sanitation management, with practical notes for inspectors.',
    authority: 'State Council',
    documentNumber: 'State Council Decree No. 101',
    publishDate: '2017-03-01',
    views: 388,
    heading: '1. City appearance',
    paragraphs: [
      'Buildings and facilities in a city shall meet the national standards of city appearance. Nothing that spoils the appearance may be hung or stacked on balconies, windows or roofs facing the street.',
      'Outdoor advertising, signboards and display windows shall be healthy in content, tidy in form and regularly maintained.',
    ],
  },
  {
    category: 'ministry_rules',
    language: 'en',
    title: 'Measures for urban management law enforcement',
    summary:
      'Scope of enforcement, the officers who may enforce, their equipment and how their work is supervised.',
    authority: 'Ministry of Housing and Urban-Rural Development',
    documentNumber: 'MOHURD Order No. 34',
    publishDate: '2017-01-24',
    views: 356,
    heading: '1. Officers',
    paragraphs: [
      'Urban management officers hold an enforcement certificate, wear the uniform and show their certificate when they act.',
      'Every enforcement action is recorded from start to finish, in writing and on video.',
    ],
  },
  {
    category: 'ministry_policies',
    language: 'en',
    title: 'Guidance on building the city operations management service platform',
    summary:
      'National guidance on a three-level platform (national, provincial, city) that brings city operations under one network.',
    authority: 'General Office of the Ministry of Housing and Urban-Rural Development',
    documentNumber: 'Jianbandu [2021] No. 54',
    publishDate: '2021-12-14',
    views: 640,
    heading: '1. Goals',
    paragraphs: [
      'Cities integrate the information systems of city operations and management, share their data and upgrade existing systems step by step.',
      'By the end of 2025 every city at prefecture level and above runs a platform connected to its province and to the national platform.',
    ],
    points: [
      'Business guidance',
      'Command coordination',
      'Industry applications',
      'Public service',
      'Operations monitoring',
    ],
  },
  {
    category: 'local_regulations',
    language: 'en',
    title: 'Jiangcheng household waste sorting measures',
    summary:
      'The four waste categories of Jiangcheng and who is responsible for sorting in homes, offices and residential estates.',
    authority: 'Jiangcheng Municipal People’s Government',
    documentNumber: 'Government Order No. 156',
    publishDate: '2022-09-01',
    views: 577,
    heading: '1. Categories',
    paragraphs: [
      'Household waste is sorted into recyclables, hazardous waste, kitchen waste and residual waste, and put in the matching bins.',
      'Property management companies are responsible for sorting in residential estates: they set house rules, guide residents and check compliance.',
    ],
    points: ['Recyclables', 'Hazardous waste', 'Kitchen waste', 'Residual waste'],
  },
  {
    category: 'local_regulations',
    language: 'en',
    title: 'Jiangcheng rules on outdoor advertising and shop signs',
    summary:
      'Planning, approval, yearly safety inspection and removal of outdoor advertising and shop signs in Jiangcheng.',
    authority: 'Jiangcheng Municipal People’s Government',
    documentNumber: 'Jiangzhenggui [2023] No. 8',
    publishDate: '2023-03-15',
    views: 301,
    heading: '1. Safety',
    paragraphs: [
      'Owners of outdoor advertising structures have them inspected every year by a qualified body and file the report with the urban management bureau.',
      'Before typhoons and rainstorms, owners secure their structures and take them down where necessary.',
    ],
  },
  {
    category: 'standards',
    language: 'en',
    title: 'Digital urban management information system, part 2: components and events',
    summary:
      'The national standard that classifies and codes the components and events handled by digital urban management.',
    authority: 'State Administration for Market Regulation; Standardization Administration',
    documentNumber: 'GB/T 30428.2-2023',
    publishDate: '2023-08-06',
    views: 455,
    heading: '1. Components',
    paragraphs: [
      'Components are grouped as public utilities, roads and traffic, city appearance, landscaping, buildings and land, and other facilities.',
      'Each component carries a ten-digit identifier made of its district, category and serial number.',
    ],
  },
  {
    category: 'standards',
    language: 'en',
    title: 'Standard for a clean, tidy, orderly and safe city appearance',
    summary:
      'Measurable requirements for roads, building fronts, advertising, greenery and public facilities.',
    authority: 'Ministry of Housing and Urban-Rural Development',
    documentNumber: 'Jiandu [2020] No. 58',
    publishDate: '2020-06-11',
    views: 298,
    heading: '1. Roads and streets',
    paragraphs: [
      'Road surfaces are even, without potholes, bumps or subsidence; pavements are complete, without broken or loose slabs.',
      'Streets are free of stacked goods, fly-posting and street trading; shops do not trade outside their doors.',
    ],
  },
  {
    category: 'experience',
    language: 'en',
    title: 'Running city operations on one network: lessons from Jiangcheng',
    summary:
      'How Jiangcheng joined its 12345 hotline, digital urban management and grid management into one dispatch and review process.',
    authority: 'Jiangcheng Urban Management Bureau',
    documentNumber: '',
    publishDate: '2025-11-18',
    views: 512,
    heading: '1. What was done',
    paragraphs: [
      'The platform connects more than ten systems so that every case is received, dispatched and reviewed in one place.',
      'In its first year the average time to close a case fell by 35 per cent and resident satisfaction rose to 96 per cent.',
    ],
    points: ['One intake', 'One dispatch', 'One review', 'One evaluation'],
  },
  {
    category: 'experience',
    language: 'en',
    title: 'Flood response in the city centre: a case review',
    summary:
      'A review of monitoring, early warning, dispatch and recovery during a heavy rainstorm, with lessons other districts can reuse.',
    authority: 'Jiangcheng Emergency Management Bureau',
    documentNumber: '',
    publishDate: '2025-07-22',
    views: 267,
    heading: '1. Timeline',
    paragraphs: [
      'Water-level sensors at known flooding spots fed the operations monitoring system, which raised a warning two hours ahead; response teams were in place before the peak.',
      'Command coordination linked the departments involved; forty-two flooded spots were cleared without casualties.',
    ],
  },
  {
    category: 'experience',
    language: 'en',
    title: 'Back-street renewal: small steps, resident-led (draft)',
    status: 'draft',
    summary: 'Notes from the old town on renewing back streets one lane at a time with residents.',
    authority: 'City Appearance and Sanitation Section',
    documentNumber: '',
    publishDate: '2026-05-28',
    views: 0,
    heading: '1. One plan per lane',
    paragraphs: [
      'Each lane is surveyed for paving, pipes, lighting, greenery and cleanliness, and gets its own plan.',
      'Residents volunteer as lane wardens who patrol and remind neighbours of the house rules.',
    ],
  },
];

export function articleBodyHtml(article: GuideArticleSeed): string {
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const parts = [`<h2>${escape(article.heading)}</h2>`];
  for (const paragraph of article.paragraphs) parts.push(`<p>${escape(paragraph)}</p>`);
  if (article.points) {
    parts.push(`<ul>${article.points.map((point) => `<li>${escape(point)}</li>`).join('')}</ul>`);
  }
  return parts.join('');
}
