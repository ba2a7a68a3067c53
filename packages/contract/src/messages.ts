/**
 * Every message the server can send, by stable key. `zh` becomes the envelope's `msg`,
 * `en` its `egMsg`; the web shows its own translation of `error.<key>` in any of its
 * six languages when it has one. `{field}`-style placeholders are filled from `params`.
 */
export const messages = {
  'common.bad-input': { zh: '参数错误：{field} {reason}', en: 'Invalid value for {field}: {reason}' },
  'common.not-found': { zh: '资源不存在', en: 'The access resource does not exist' },
  'common.route-not-found': { zh: '接口不存在', en: 'No such API endpoint' },
  'common.unexpected': { zh: '系统异常，请联系管理员（请求编号 {requestId}）', en: 'Unexpected error, please report request {requestId} to the administrator' },
  'common.body-too-large': { zh: '请求内容过大', en: 'The request is too large' },
  'common.rate-limited': { zh: '请求过于频繁，请 {seconds} 秒后再试', en: 'Too many requests, please try again in {seconds} s' },
  'common.overloaded': { zh: '服务器繁忙，请稍后再试', en: 'The server is busy, please try again shortly' },
  'auth.unauthorized': { zh: '未登录或登录已过期', en: 'Not signed in, or the session has ended' },
  'auth.forbidden': { zh: '没有该操作权限', en: 'The current operation has no permission' },
  'auth.platform-only': { zh: '仅平台人员可执行该操作', en: 'Only platform staff may do this' },
  'auth.tenant-mismatch': { zh: '租户与登录会话不一致', en: 'The tenant does not match the signed-in session' },
  'auth.bad-credentials': { zh: '用户名或密码错误', en: 'Wrong username or password' },
  'auth.throttled': { zh: '尝试次数过多，请 {seconds} 秒后再试', en: 'Too many attempts, please try again in {seconds} s' },
  'auth.disabled': { zh: '账号已停用', en: 'This account is disabled' },
  'auth.tenant-disabled': { zh: '所属代理商已停用或已过期', en: 'Your agent account is disabled or has expired' },
  'auth.captcha-required': { zh: '请完成验证码', en: 'Please enter the verification code' },
  'auth.captcha-wrong': { zh: '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  'auth.old-password-wrong': { zh: '原密码错误', en: 'The current password is wrong' },
  'auth.password-same-as-username': { zh: '密码不能与用户名相同', en: 'The password must differ from the username' },
  'auth.password-reused': { zh: '新密码不能与原密码相同', en: 'The new password must differ from the current one' },
  'auth.password-wrong': { zh: '密码错误', en: 'The password is wrong' },
  'auth.sms-code-wrong': { zh: '短信验证码错误或已过期', en: 'The SMS code is wrong or has expired' },
  'auth.social-not-configured': { zh: '未配置该第三方登录方式', en: 'This sign-in provider is not configured' },
  'auth.social-failed': { zh: '第三方登录未完成，请重试', en: 'Signing in through the provider did not complete, please try again' },
  'auth.social-unavailable': { zh: '暂时无法连接第三方登录服务，请稍后再试', en: 'The sign-in provider cannot be reached right now, please try again later' },
  'auth.social-ticket-invalid': { zh: '登录凭据已过期或已使用，请重新登录', en: 'This sign-in has expired or was already used, please start again' },
  'auth.social-not-linked': {
    zh: '该 {provider} 账号未关联任何员工账号，请先用密码登录，再在个人菜单中关联',
    en: 'No staff account is linked to this {provider} account: sign in with your password and link it from your account menu',
  },
  'auth.social-identity-taken': { zh: '该 {provider} 账号已关联其他员工账号', en: 'This {provider} account is already linked to another staff account' },
  'auth.social-already-linked': {
    zh: '您的账号已关联另一个 {provider} 账号，请先解除关联',
    en: 'Your account is already linked to another {provider} account: unlink it first',
  },
  'common.sort-not-allowed': { zh: '不支持按 {field} 排序', en: 'Sorting by {field} is not supported' },
  'common.duplicate': { zh: '{field} 已存在', en: 'That {field} is already taken' },
  'common.in-use': { zh: '正在使用中，无法删除：{reason}', en: 'Still in use, cannot delete: {reason}' },
  'system.tenant.enabled': {
    zh: '请先停用该代理商再删除（删除会一并删除其员工账号）',
    en: 'Disable the agent before deleting it (its staff accounts are deleted with it)',
  },
  'system.tenant.platform-protected': { zh: '平台租户不能被修改、停用或删除', en: 'The platform tenant cannot be changed, disabled or deleted here' },
  'system.tenant.package-unavailable': { zh: '代理商套餐不存在或已停用', en: 'The agent package does not exist or is disabled' },
  'system.tenant-package.in-use': { zh: '仍有代理商使用该套餐，无法删除', en: 'Agents still use this package: it cannot be deleted' },
  'system.post.has-staff': { zh: '该岗位下仍有员工，无法删除', en: 'Staff still hold this post: it cannot be deleted' },
  'system.menu.has-children': { zh: '该菜单下仍有子菜单或按钮，无法删除', en: 'This menu still has child entries: it cannot be deleted' },
  'system.menu.parent-invalid': { zh: '上级菜单必须是已存在的目录或菜单', en: 'The parent must be an existing directory or menu' },
  'system.menu.parent-is-descendant': { zh: '上级菜单不能是自身或其下级菜单', en: 'A menu cannot be placed under itself or one of its own entries' },
  'system.dict-type.has-data': { zh: '该字典类型下仍有字典数据，无法删除', en: 'This dictionary type still has entries: it cannot be deleted' },
  'system.dict-type.type-locked': { zh: '该字典类型下已有字典数据，不能修改类型', en: 'This dictionary type has entries: its type cannot be changed' },
  'system.config.built-in': { zh: '内置参数不能删除', en: 'A built-in parameter cannot be deleted' },
  'system.config.built-in-fixed': { zh: '内置参数的 {field} 不能修改', en: 'The {field} of a built-in parameter cannot be changed' },
  'auth.cancellation-recorded': { zh: '注销申请已提交，账号已停用', en: 'Your cancellation request is recorded and the account is disabled' },
  'common.reference-not-found': { zh: '{field} 引用了不存在的记录', en: '{field} refers to a record that does not exist' },
  'system.user.self': { zh: '不能删除或停用当前登录的账号', en: 'You cannot delete or disable your own account' },
  'system.user.builtin-admin': {
    zh: '内置管理员账号不能删除、停用或移除管理员角色',
    en: 'The built-in administrator account cannot be deleted, disabled or lose its administrator role',
  },
  'system.user.quota-exceeded': { zh: '员工数量已达代理商上限（{quota} 人）', en: 'The agent staff quota ({quota}) is reached' },
  'system.user.has-cancellation': {
    zh: '该账号有注销申请记录，将在宽限期后清除，无法删除',
    en: 'This account has a recorded cancellation request and is purged after the grace period: it cannot be deleted',
  },
  'system.role.builtin': { zh: '内置管理员角色不能修改或删除', en: 'A built-in administrator role cannot be changed or deleted' },
  'system.role.code-reserved': { zh: '角色编码 {code} 为系统保留', en: 'The role code {code} is reserved' },
  'system.role.has-staff': { zh: '该角色下仍有员工，无法删除', en: 'Staff still hold this role: it cannot be deleted' },
  'system.role.menu-outside-package': { zh: '只能分配代理商套餐内的菜单', en: 'Only menus in the agent package can be granted' },
  'system.dept.has-children': { zh: '该部门下仍有子部门，无法删除', en: 'This department still has sub-departments: it cannot be deleted' },
  'system.dept.has-staff': { zh: '该部门下仍有员工，无法删除', en: 'Staff still belong to this department: it cannot be deleted' },
  'system.dept.parent-is-descendant': { zh: '上级部门不能是自身或其下级部门', en: 'A department cannot be placed under itself or one of its sub-departments' },
  'store.app-user.has-stores': {
    zh: '该用户仍关联门店，请先删除关联信息后再删除用户',
    en: 'The user can be deleted only after association information is deleted',
  },
  'store.app-user.has-cancellation': {
    zh: '该用户有注销申请记录，将在宽限期后清除，无法删除',
    en: 'This user has a recorded cancellation request and is purged after the grace period: it cannot be deleted',
  },
  'system.job.busy': { zh: '该任务已在排队或运行中', en: 'This job is already queued or running' },
  'system.job.queue-only': { zh: '该任务需要数据，只能由系统排队执行', en: 'This job needs data to run: only the system queues it' },
  'file.too-large': { zh: '文件超过 {size} MB 的上限', en: 'The file is larger than the {size} MB limit' },
  'file.type-not-allowed': { zh: '文件类型不允许，仅接受：{types}', en: 'This kind of file is not accepted; accepted: {types}' },
  'file.link-invalid': { zh: '文件链接无效或已过期', en: 'The file link is invalid or has expired' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type MessageKey = keyof typeof messages;
export const messageKeys = Object.keys(messages) as MessageKey[];

export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
