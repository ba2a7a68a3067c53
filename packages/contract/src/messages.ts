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
  'auth.unauthorized': { zh: '未登录或登录已过期', en: 'Not signed in, or the session has ended' },
  'auth.forbidden': { zh: '没有该操作权限', en: 'The current operation has no permission' },
  'auth.tenant-mismatch': { zh: '租户与登录会话不一致', en: 'The tenant does not match the signed-in session' },
  'auth.bad-credentials': { zh: '用户名或密码错误', en: 'Wrong username or password' },
  'auth.locked': { zh: '登录失败次数过多，账号已锁定，请 {minutes} 分钟后再试', en: 'Too many failed attempts: the account is locked, try again in {minutes} minutes' },
  'auth.throttled': { zh: '尝试次数过多，请稍后再试', en: 'Too many attempts, please try again later' },
  'auth.disabled': { zh: '账号已停用', en: 'This account is disabled' },
  'auth.tenant-disabled': { zh: '所属代理商已停用或已过期', en: 'Your agent account is disabled or has expired' },
  'auth.captcha-required': { zh: '请完成验证码', en: 'Please enter the verification code' },
  'auth.captcha-wrong': { zh: '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  'auth.old-password-wrong': { zh: '原密码错误', en: 'The current password is wrong' },
  'auth.password-same-as-username': { zh: '密码不能与用户名相同', en: 'The password must differ from the username' },
  'auth.password-reused': { zh: '新密码不能与原密码相同', en: 'The new password must differ from the current one' },
  'auth.username-mismatch': { zh: '只能修改当前登录账号的密码', en: 'You can only change the password of the signed-in account' },
  'auth.password-wrong': { zh: '密码错误', en: 'The password is wrong' },
  'auth.sms-code-wrong': { zh: '短信验证码错误或已过期', en: 'The SMS code is wrong or has expired' },
  'auth.sms-too-frequent': { zh: '验证码发送过于频繁，请稍后再试', en: 'A code was sent moments ago, please wait before asking again' },
  'auth.social-not-configured': { zh: '未配置该第三方登录方式', en: 'This sign-in provider is not configured' },
  'common.sort-not-allowed': { zh: '不支持按 {field} 排序', en: 'Sorting by {field} is not supported' },
  'common.duplicate': { zh: '{field} 已存在', en: 'That {field} is already taken' },
  'common.in-use': { zh: '正在使用中，无法删除：{reason}', en: 'Still in use, cannot delete: {reason}' },
  'system.post.has-staff': { zh: '该岗位下仍有员工，无法删除', en: 'Staff still hold this post: it cannot be deleted' },
  'auth.cancellation-recorded': { zh: '注销申请已提交，账号已停用', en: 'Your cancellation request is recorded and the account is disabled' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type MessageKey = keyof typeof messages;
export const messageKeys = Object.keys(messages) as MessageKey[];

export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
